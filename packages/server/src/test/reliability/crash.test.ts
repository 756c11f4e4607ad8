import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, type Package } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.js';
import { issueNodeToken } from '../../modules/nodes/node-tokens.js';
import { NODE_API_PREFIX } from '../../modules/nodes/node-api.js';
import { changeBalance, checkLedger } from '../../modules/wallet/ledger.js';
import { PASSWORD, uniqueEmail } from '../accounts.js';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../helpers.js';

/**
 * kill -9 of the real server process (src/main.ts under tsx) in the middle of purchases, renewals, code redemptions
 * and traffic pushes, then a restart on the same database (issue 20, "crash"). After each round: every balance
 * equals its ledger, every order is whole (its ledger row, its subscription; nothing of a failed one), no code is
 * credited twice, nothing the server acknowledged is lost, and traffic is counted at most once. Several rounds, on
 * the dialect of the run (SQLite: a file database).
 */
const ROUNDS = 3;
const WORKERS = 12;
const CUSTOMERS = 6;
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  stderr: () => string;
}

interface Customer {
  id: number;
  email: string;
  token: string;
  /** Bought at the start: renewed during the load. */
  renewSub: number;
  /** Bought at the start on a package without a traffic limit: the nodes push its traffic. */
  trafficSub: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`crash: kill -9 during a load, restart, nothing lost or doubled (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  let dataDir: string;
  let server: Server | null = null;
  let db: DatabaseHandle['db'];
  const customers: Customer[] = [];
  let node: { id: number; token: string; type: string };
  /** Every order the server acknowledged (order numbers): each must survive the crash. */
  const acknowledged = new Set<string>();
  /** Traffic bytes per subscription: acknowledged by the server, and sent at all. */
  const trafficAcked = new Map<number, number>();
  const trafficSent = new Map<number, number>();
  const totals = { requests: 0, acknowledged: 0, failed: 0, rounds: 0 };

  async function start(): Promise<Server> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'error',
        RATE_LIMIT_MAX: '10000000',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        const res = await fetch(`${base}${API_PREFIX}/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`the server exited: ${err}`);
      if (Date.now() > deadline) throw new Error(`the server did not start: ${err}`);
      await sleep(100);
    }
    return { child, base, exited, stderr: () => err };
  }

  async function api<T>(
    method: string,
    url: string,
    token: string | null,
    body?: unknown,
  ): Promise<{ code: number; data: T } | null> {
    const res = await fetch(`${server!.base}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as { code: number; data: T };
  }

  async function setup(): Promise<void> {
    const packages = (await api<Package[]>('GET', `${API_PREFIX}/subscriptions/packages`, null))!.data;
    const basic = packages.find((p) => p.type === 'monthly' && p.traffic_bytes !== null)!;
    const unlimited = packages.find((p) => p.type === 'monthly' && p.traffic_bytes === null)!;
    for (let i = 0; i < CUSTOMERS; i++) {
      const email = uniqueEmail('crash');
      const reg = await api('POST', `${API_PREFIX}/auth/register`, null, {
        email,
        password: PASSWORD,
        confirm_password: PASSWORD,
      });
      expect(reg!.code).toBe(20000);
      const user = await db
        .updateTable('users')
        .set({ email_verified_at: new Date().toISOString() })
        .where('email', '=', email)
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.transaction().execute((trx) =>
        changeBalance(trx, {
          userId: user.id,
          deltaFen: 10_000_000,
          kind: 'admin_adjust',
          reference: `crash:${email}`,
        }),
      );
      const token = (await api<{ access_token: string }>('POST', `${API_PREFIX}/auth/login`, null, {
        email,
        password: PASSWORD,
      }))!.data.access_token;
      const buy = async (packageId: number) =>
        (await api<{ subscription: { id: number } }>('POST', `${API_PREFIX}/subscriptions/purchase`, token, {
          package_id: packageId,
          idempotency_key: `setup-${randomBytes(6).toString('hex')}`,
        }))!.data.subscription.id;
      customers.push({
        id: user.id,
        email,
        token,
        renewSub: await buy(basic.id),
        trafficSub: await buy(unlimited.id),
      });
    }
    const n = await db
      .selectFrom('nodes')
      .select(['id', 'protocol'])
      .where('protocol', '=', 'vmess')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('nodes').set({ rate_percent: 100 }).where('id', '=', n.id).execute();
    node = { id: n.id, token: await issueNodeToken(db, n.id), type: n.protocol };
  }

  /** One request of the load, chosen at random; what the server acknowledged is recorded. */
  async function oneOperation(codes: string[], basicId: number): Promise<void> {
    const c = customers[Math.floor(Math.random() * customers.length)]!;
    const pick = Math.random();
    totals.requests += 1;
    try {
      if (pick < 0.3) {
        const r = await api<{ order: { order_no: string } }>(
          'POST',
          `${API_PREFIX}/subscriptions/purchase`,
          c.token,
          {
            package_id: basicId,
            idempotency_key: `load-${randomBytes(6).toString('hex')}`,
          },
        );
        if (r?.code === 20000) acknowledged.add(r.data.order.order_no);
      } else if (pick < 0.5) {
        const r = await api<{ order: { order_no: string } }>(
          'POST',
          `${API_PREFIX}/subscriptions/renew`,
          c.token,
          {
            subscription_id: c.renewSub,
            idempotency_key: `load-${randomBytes(6).toString('hex')}`,
          },
        );
        if (r?.code === 20000) acknowledged.add(r.data.order.order_no);
      } else if (pick < 0.7) {
        const code = codes[Math.floor(Math.random() * codes.length)];
        if (!code) return;
        const r = await api<{ order_no: string }>('POST', `${API_PREFIX}/recharge/codes/use`, c.token, {
          code,
        });
        if (r?.code === 20000) acknowledged.add(r.data.order_no);
      } else {
        // A push of two subscriptions' traffic, with amounts no earlier push had (a repeated push counts once).
        const targets = [c, customers[Math.floor(Math.random() * customers.length)]!];
        const payload: Record<number, [number, number]> = {};
        for (const t of targets)
          payload[t.trafficSub] = [1 + Math.floor(Math.random() * 1e6), 1 + Math.floor(Math.random() * 1e6)];
        for (const [id, [u, d]] of Object.entries(payload))
          trafficSent.set(Number(id), (trafficSent.get(Number(id)) ?? 0) + u + d);
        const query = new URLSearchParams({
          token: node.token,
          node_id: String(node.id),
          node_type: node.type,
        });
        const res = await fetch(`${server!.base}${NODE_API_PREFIX}/push?${query.toString()}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        });
        if (res.ok)
          for (const [id, [u, d]] of Object.entries(payload))
            trafficAcked.set(Number(id), (trafficAcked.get(Number(id)) ?? 0) + u + d);
        else throw new Error(`push ${res.status}`);
      }
      totals.acknowledged += 1;
    } catch {
      totals.failed += 1;
    }
  }

  /** Every invariant that must hold after a crash. */
  async function verify(round: number): Promise<void> {
    const where = `after round ${round}`;
    expect(await checkLedger(db), `${where}: balances equal their ledgers`).toEqual([]);

    // Subscription orders: each has exactly one ledger row (its order number) and its subscription.
    const orders = await db
      .selectFrom('subscription_orders as o')
      .leftJoin('subscriptions as s', 's.id', 'o.subscription_id')
      .select(['o.order_no', 'o.kind', 'o.amount_fen', 's.id as sub'])
      .execute();
    const ledger = await db.selectFrom('ledger_entries').select(['kind', 'reference', 'delta_fen']).execute();
    const byReference = new Map<string, typeof ledger>();
    for (const e of ledger) byReference.set(e.reference, [...(byReference.get(e.reference) ?? []), e]);
    const halfOrders = orders.filter(
      (o) =>
        o.sub === null ||
        (byReference.get(o.order_no) ?? []).length !== 1 ||
        byReference.get(o.order_no)![0]!.delta_fen !== -o.amount_fen,
    );
    expect(halfOrders, `${where}: orders without their ledger row or subscription`).toEqual([]);
    const orderNos = new Set(orders.map((o) => o.order_no));
    const orphanDebits = ledger.filter(
      (e) => (e.kind === 'purchase' || e.kind === 'renew') && !orderNos.has(e.reference),
    );
    expect(orphanDebits, `${where}: debits without their order`).toEqual([]);

    // Codes: used at most once, each paid redemption credited exactly once, nothing credited for an unused code.
    const redemptions = await db
      .selectFrom('recharge_orders as o')
      .innerJoin('recharge_codes as c', 'c.id', 'o.code_id')
      .select(['o.order_no', 'o.status', 'o.amount_fen', 'c.id as code', 'c.status as code_status'])
      .execute();
    const perCode = new Map<number, number>();
    for (const r of redemptions) perCode.set(r.code, (perCode.get(r.code) ?? 0) + 1);
    expect(
      [...perCode.values()].filter((n) => n > 1),
      `${where}: codes redeemed twice`,
    ).toEqual([]);
    const badCredits = redemptions.filter((r) => {
      const entries = (byReference.get(r.order_no) ?? []).filter((e) => e.kind === 'code_redeem');
      return entries.length !== 1 || entries[0]!.delta_fen !== r.amount_fen || r.code_status !== 'used';
    });
    expect(badCredits, `${where}: redemptions not credited exactly once`).toEqual([]);
    const redeemedNos = new Set(redemptions.map((r) => r.order_no));
    expect(
      ledger.filter((e) => e.kind === 'code_redeem' && !redeemedNos.has(e.reference)),
      `${where}: credits without their redemption`,
    ).toEqual([]);

    // Nothing acknowledged is lost.
    const known = new Set([...orderNos, ...redeemedNos]);
    expect(
      [...acknowledged].filter((no) => !known.has(no)),
      `${where}: acknowledged orders lost`,
    ).toEqual([]);

    // Traffic: the totals are their days' sum, at least what was acknowledged, at most what was sent.
    for (const c of customers) {
      const sub = await db
        .selectFrom('subscriptions')
        .select(['traffic_used', 'upload_bytes'])
        .where('id', '=', c.trafficSub)
        .executeTakeFirstOrThrow();
      const days = await db
        .selectFrom('traffic_daily')
        .select([sql<number>`coalesce(sum(upload + download), 0)`.as('total')])
        .where('subscription_id', '=', c.trafficSub)
        .executeTakeFirstOrThrow();
      const used = Number(sub.traffic_used);
      expect(Number(days.total), `${where}: subscription ${c.trafficSub}'s days`).toBe(used);
      expect(used).toBeGreaterThanOrEqual(trafficAcked.get(c.trafficSub) ?? 0);
      expect(used).toBeLessThanOrEqual(trafficSent.get(c.trafficSub) ?? 0);
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
  }, 60_000);
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    if (server) await server.exited;
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`keeps the books whole through ${ROUNDS} rounds of kill -9 under load`, async () => {
    server = await start();
    await setup();
    const packages = (await api<Package[]>('GET', `${API_PREFIX}/subscriptions/packages`, null))!.data;
    const basicId = packages.find((p) => p.type === 'monthly' && p.traffic_bytes !== null)!.id;
    for (let round = 1; round <= ROUNDS; round++) {
      // Codes for this round, from one customer's balance, each tried by several customers during the load.
      const generated = await api<{ codes: { code: string }[] }>(
        'POST',
        `${API_PREFIX}/recharge/codes/generate`,
        customers[0]!.token,
        { quantity: 30, amount: '1.00' },
      );
      expect(generated!.code).toBe(20000);
      const codes = generated!.data.codes.map((c) => c.code);

      let stop = false;
      const workers = Array.from({ length: WORKERS }, async () => {
        while (!stop) await oneOperation(codes, basicId);
      });
      // Let the load build, then kill the process where it stands.
      await sleep(700 + Math.floor(Math.random() * 1300));
      server.child.kill('SIGKILL');
      await server.exited;
      stop = true;
      await Promise.all(workers);
      totals.rounds += 1;

      server = await start();
      await verify(round);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server = null;
    console.log(
      `crash: ${totals.rounds} rounds of kill -9, ${totals.requests} requests (${totals.acknowledged} answered, ${totals.failed} cut off), ${acknowledged.size} orders acknowledged and kept`,
    );
    expect(totals.acknowledged).toBeGreaterThan(ROUNDS * 20);
  }, 180_000);
});
