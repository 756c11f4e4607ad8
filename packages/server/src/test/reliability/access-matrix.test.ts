import { randomBytes } from 'node:crypto';
import * as portalContract from '@portal/contract';
import * as adminContract from '@portal/contract/admin';
import {
  ADMIN_API_PREFIX,
  API_PREFIX,
  hasPermission,
  STAFF_ROLES,
  type Package,
  type Permission,
  type StaffRole,
} from '@portal/contract';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/time.js';
import { multipartFile } from '../../modules/tickets/test-files.js';
import { accountWithRole, call, login, randomIp } from '../accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../helpers.js';
import { credit, expectLedgerConsistent } from '../wallet.js';

/**
 * The access matrix (issue 20): every route of the contract that takes an id — a path parameter, or a body or query
 * field named `…_id(s)` on the customers' API — is tried with another account's real objects by another customer and
 * by each staff role. The customers' routes must answer as if the thing did not exist (or was forbidden); the staff
 * routes refuse every role without the endpoint's permission. No answer may carry the owner's identifying values.
 *
 * The routes come from the contract's endpoint objects. Each id is mapped to a resource kind (`KIND_OF`) and each
 * kind knows how to make a real one (`makeFixtures`): an endpoint whose id maps to no kind fails the test by name,
 * so a new endpoint is covered as soon as someone says what its id is.
 */

type Scope = 'portal' | 'admin';
/** Who owns a kind: customer A (the owner in this test), the operators, or nobody (public catalogue content). */
type Owner = 'customer' | 'staff' | 'shared';

const KINDS = {
  ticket: 'customer',
  attachment: 'customer',
  upload: 'customer',
  session: 'customer',
  'usdt-order': 'customer',
  subscription: 'customer',
  'upgrade-quote': 'customer',
  user: 'customer',
  order: 'customer',
  code: 'staff',
  'code-batch': 'staff',
  transfer: 'staff',
  'node-group': 'staff',
  'staff-member': 'staff',
  node: 'shared',
  package: 'shared',
  announcement: 'shared',
  'help-document': 'shared',
  'help-category': 'shared',
  'oauth-provider': 'shared',
} as const satisfies Record<string, Owner>;
type Kind = keyof typeof KINDS;

/**
 * Which kind an id is. Path parameters by `<scope> <segment before it>/:<name>`; body and query fields by
 * `<scope> <field>`. An id missing here fails the test with the key to add.
 */
const KIND_OF: Record<string, Kind> = {
  'portal tickets/:id': 'ticket',
  'portal attachments/:id': 'attachment',
  'portal sessions/:id': 'session',
  'portal usdt/:id': 'usdt-order',
  'portal subscriptions/:id': 'subscription',
  'portal packages/:id': 'package',
  'portal nodes/:id': 'node',
  'portal announcements/:id': 'announcement',
  'portal documents/:id': 'help-document',
  'portal oauth/:provider': 'oauth-provider',
  'portal subscription_id': 'subscription',
  'portal package_id': 'package',
  'portal quote_id': 'upgrade-quote',
  'portal attachment_ids': 'upload',
  'portal category_id': 'help-category',
  'admin users/:id': 'user',
  'admin subscriptions/:subscription_id': 'subscription',
  'admin orders/:id': 'order',
  'admin tickets/:id': 'ticket',
  'admin codes/:id': 'code',
  'admin batches/:id': 'code-batch',
  'admin transfers/:id': 'transfer',
  'admin nodes/:id': 'node',
  'admin node-groups/:id': 'node-group',
  'admin packages/:id': 'package',
  'admin announcements/:id': 'announcement',
  'admin documents/:id': 'help-document',
  'admin categories/:id': 'help-category',
  'admin staff/:id': 'staff-member',
};

interface RouteSpec {
  name: string;
  scope: Scope;
  method: string;
  path: string;
  permission?: Permission;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Where each id goes and its kind. */
  ids: { where: 'path' | 'body' | 'query'; name: string; kind: Kind; key: string }[];
  unknown: string[];
}

const ID_FIELD = /(^id|_id|_ids)$/;

/** Top-level field names of a request schema (as a client sends it). */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return Object.keys(json.properties ?? {});
}

function routesOf(): RouteSpec[] {
  const entries: [Scope, Record<string, unknown>][] = [
    ['portal', portalContract as Record<string, unknown>],
    ['admin', adminContract as Record<string, unknown>],
  ];
  const out: RouteSpec[] = [];
  for (const [scope, entry] of entries) {
    for (const [apiName, api] of Object.entries(entry)) {
      if (!apiName.endsWith('Api') || typeof api !== 'object' || api === null) continue;
      for (const [name, value] of Object.entries(api)) {
        const e = value as Partial<RouteSpec> | null;
        if (typeof e !== 'object' || e === null || typeof e.method !== 'string' || typeof e.path !== 'string')
          continue;
        const spec: RouteSpec = {
          name: `${apiName}.${name}`,
          scope,
          method: e.method,
          path: e.path,
          permission: e.permission,
          body: e.body,
          query: e.query,
          ids: [],
          unknown: [],
        };
        const segments = e.path.split('/');
        segments.forEach((segment, i) => {
          if (!segment.startsWith(':')) return;
          const key = `${scope} ${segments[i - 1]}/${segment}`;
          const kind = KIND_OF[key];
          if (kind) spec.ids.push({ where: 'path', name: segment.slice(1), kind, key });
          else spec.unknown.push(key);
        });
        // The staff API refuses by permission before it reads a body; the customers' bodies and queries are
        // where one account could name another's things.
        if (scope === 'portal') {
          for (const where of ['body', 'query'] as const) {
            for (const field of fieldsOf(where === 'body' ? e.body : e.query).filter((f) =>
              ID_FIELD.test(f),
            )) {
              const key = `${scope} ${field}`;
              const kind = KIND_OF[key];
              if (kind) spec.ids.push({ where, name: field, kind, key });
              else spec.unknown.push(key);
            }
          }
        }
        if (spec.ids.length > 0 || spec.unknown.length > 0) out.push(spec);
      }
    }
  }
  return out;
}

/**
 * Valid bodies (apart from the ids) for the customers' routes that take one: the request must reach the ownership
 * check, not stop at validation. Checked against the endpoint's schema; a missing one fails by name.
 */
const BODIES: Record<string, (ids: Record<string, unknown>) => unknown> = {
  'authApi.oauthBind': () => ({ code: 'x', state: 'y' }),
  'authApi.oauthCallback': () => ({ code: 'x', state: 'y' }),
  'announcementsApi.markRead': () => undefined,
  'helpApi.rateDocument': () => ({ rating: 5 }),
  'rechargeApi.cancelUsdtOrder': () => undefined,
  'ticketsApi.closeTicket': () => undefined,
  'ticketsApi.replyTicket': (ids) => ({
    content: 'an intruder writes',
    attachment_ids: ids.attachment_ids ?? [],
  }),
  'ticketsApi.createTicket': (ids) => ({
    title: 'Intruder ticket',
    category: 'technical',
    priority: 'low',
    description: 'taking over another account’s upload',
    attachment_ids: ids.attachment_ids,
  }),
  'subscriptionsApi.purchase': (ids) => ({ package_id: ids.package_id, idempotency_key: `k-${randomHex()}` }),
  'subscriptionsApi.renew': (ids) => ({
    subscription_id: ids.subscription_id,
    idempotency_key: `k-${randomHex()}`,
  }),
  'subscriptionsApi.upgradePreview': (ids) => ({
    subscription_id: ids.subscription_id,
    package_id: ids.package_id,
  }),
  'subscriptionsApi.upgrade': (ids) => ({ quote_id: ids.quote_id, idempotency_key: `k-${randomHex()}` }),
  'subscriptionsApi.resetLink': (ids) => ({ subscription_id: ids.subscription_id }),
  'subscriptionsApi.autoRenewToggle': (ids) => ({ subscription_id: ids.subscription_id, enabled: true }),
};

/**
 * Customers' routes through which staff may open a customer's thing by design, with the permission it takes (and a
 * two-factor session, as on the staff API).
 */
const STAFF_MAY_READ: Record<string, Permission> = {
  'ticketsApi.downloadAttachment': 'tickets.read',
};

/** An id of each kind that names nothing: the answer to it is what "does not exist" looks like on each route. */
function nothing(kind: Kind): string | number {
  if (kind === 'upgrade-quote' || kind === 'session') return `none-${randomHex()}`;
  if (kind === 'oauth-provider') return 'github';
  return 2_000_000_000 + Math.floor(Math.random() * 100_000_000);
}

function randomHex(): string {
  return randomBytes(6).toString('hex');
}

interface Account {
  id: number;
  email: string;
  token: string;
}

describe(`access matrix over the contract (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const routes = routesOf();
  let a: Account;
  let b: Account;
  /** An admin whose session has no second factor: staff privileges need one. */
  let noTwoFactor: Account;
  const staff = new Map<StaffRole, Account>();
  /** A real id (or value) of each kind; customer kinds belong to A. */
  const fixture = new Map<Kind, string | number>();
  /** A's identifying values: none may appear in an answer to anyone else. */
  const secrets: string[] = [];
  const db = () => t.database.handle.db;

  async function send(
    route: RouteSpec,
    token: string,
    values: Record<string, unknown>,
  ): Promise<{ status: number; code: number | null; body: string }> {
    const prefix = route.scope === 'admin' ? ADMIN_API_PREFIX : API_PREFIX;
    const path = route.path.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(String(values[name] ?? 1)),
    );
    const query = route.ids
      .filter((i) => i.where === 'query')
      .map((i) => `${i.name}=${encodeURIComponent(String(values[i.name]))}`)
      .join('&');
    const options: InjectOptions = {
      method: route.method as InjectOptions['method'],
      url: `${prefix}${path}${query ? `?${query}` : ''}`,
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: randomIp(),
    };
    const body = route.scope === 'portal' ? BODIES[route.name]?.(values) : undefined;
    if (body !== undefined) options.payload = body as InjectOptions['payload'];
    else if (route.method !== 'GET' && route.method !== 'DELETE' && route.scope === 'admin')
      options.payload = {};
    const res = await t.app.inject(options);
    let code: number | null = null;
    if (String(res.headers['content-type'] ?? '').startsWith('application/json'))
      code = res.json<{ code: number }>().code;
    return { status: res.statusCode, code, body: res.body };
  }

  /** The values to send: A's (or the operators') real ids of each kind. */
  function valuesFor(route: RouteSpec, absent = false): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const id of route.ids) {
      const value = absent && KINDS[id.kind] === 'customer' ? nothing(id.kind) : fixture.get(id.kind);
      values[id.name] = id.name.endsWith('_ids') ? [value] : value;
    }
    return values;
  }

  async function makeFixtures(): Promise<void> {
    const marker = `A-${randomHex()}`;
    secrets.push(a.email, marker);
    await credit(db(), a.email, 100_000);
    await credit(db(), b.email, 100_000);

    const packages = (await call<Package[]>(t.app, { url: `${API_PREFIX}/subscriptions/packages` })).data;
    const monthly = packages
      .filter((p) => p.type === 'monthly')
      .sort((x, y) => Number(x.price) - Number(y.price));
    fixture.set('package', monthly[0]!.id);

    // A subscription, its order and an upgrade quote.
    const bought = await call<{ order: { order_no: string }; subscription: { id: number; uuid: string } }>(
      t.app,
      {
        method: 'POST',
        url: `${API_PREFIX}/subscriptions/purchase`,
        token: a.token,
        payload: { package_id: monthly[0]!.id, idempotency_key: `k-${randomHex()}` },
      },
    );
    expect(bought.code, bought.message).toBe(20000);
    fixture.set('subscription', bought.data.subscription.id);
    secrets.push(bought.data.subscription.uuid, bought.data.order.order_no);
    const orderRow = await db()
      .selectFrom('subscription_orders')
      .select('id')
      .where('order_no', '=', bought.data.order.order_no)
      .executeTakeFirstOrThrow();
    fixture.set('order', orderRow.id);
    const link = await call<{ token: string }>(t.app, {
      url: `${API_PREFIX}/subscriptions/link?subscription_id=${bought.data.subscription.id}`,
      token: a.token,
    });
    secrets.push(link.data.token);
    const quote = await call<{ quote_id: string }>(t.app, {
      method: 'POST',
      url: `${API_PREFIX}/subscriptions/upgrade/preview`,
      token: a.token,
      payload: { subscription_id: bought.data.subscription.id, package_id: monthly[1]!.id },
    });
    expect(quote.code, quote.message).toBe(20000);
    fixture.set('upgrade-quote', quote.data.quote_id);
    secrets.push(quote.data.quote_id);

    // A ticket with an attachment, and an upload not yet attached to anything.
    const uploadOne = async (name: string) => {
      const file = multipartFile(name, Buffer.from(`attachment of ${marker}\n`), 'text/plain');
      const r = await call<{ id: number }>(t.app, {
        method: 'POST',
        url: `${API_PREFIX}/tickets/upload`,
        token: a.token,
        payload: file.payload,
        headers: file.headers,
      });
      expect(r.code, r.message).toBe(20000);
      return r.data.id;
    };
    const attached = await uploadOne(`${marker}-attached.txt`);
    const ticket = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: `${API_PREFIX}/tickets`,
      token: a.token,
      payload: {
        title: `Ticket ${marker}`,
        category: 'technical',
        priority: 'high',
        description: `Private details ${marker}`,
        attachment_ids: [attached],
      },
    });
    expect(ticket.code, ticket.message).toBe(20000);
    fixture.set('ticket', ticket.data.id);
    fixture.set('attachment', attached);
    fixture.set('upload', await uploadOne(`${marker}-unclaimed.txt`));

    // A second session of A's (not the one making the calls).
    await login(t.app, a.email);
    const sessions = await call<{ id: string; current: boolean }[]>(t.app, {
      url: `${API_PREFIX}/users/sessions`,
      token: a.token,
    });
    const other = sessions.data.find((s) => !s.current)!;
    fixture.set('session', other.id);
    secrets.push(other.id);

    // A USDT top-up order (the chain is never asked: nothing watches it in tests).
    const topup = await call<{ id: number; order_no: string }>(t.app, {
      method: 'POST',
      url: `${API_PREFIX}/recharge/usdt`,
      token: a.token,
      payload: { amount: '20', network: 'ERC20' },
    });
    expect(topup.code, topup.message).toBe(20000);
    fixture.set('usdt-order', topup.data.id);
    secrets.push(topup.data.order_no);

    fixture.set('user', a.id);

    // The operators' things: a code batch and one of its codes, a transfer, a node group, a staff member.
    const owner = staff.get('owner')!;
    const batch = await call<{ id: number; batch_id: string }>(t.app, {
      method: 'POST',
      url: `${ADMIN_API_PREFIX}/codes/batches`,
      token: owner.token,
      payload: { quantity: 1, amount: '12.34', note: `batch ${marker}` },
    });
    expect(batch.code, batch.message).toBe(20000);
    fixture.set('code-batch', batch.data.id);
    const code = await db()
      .selectFrom('recharge_codes')
      .select(['id', 'code'])
      .where('batch_id', '=', batch.data.batch_id)
      .executeTakeFirstOrThrow();
    fixture.set('code', code.id);
    secrets.push(code.code);
    const now = nowIso();
    const transfer = await db()
      .insertInto('chain_transfers')
      .values({
        network: 'ERC20',
        tx_hash: `0x${randomBytes(32).toString('hex')}`,
        log_index: 0,
        from_address: '0xfrom',
        to_address: '0xto',
        usdt_micro: 5_000_000,
        block_number: 100,
        block_hash: null,
        block_time: now,
        order_id: null,
        status: 'unmatched',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    fixture.set('transfer', transfer.id);
    const group = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: `${ADMIN_API_PREFIX}/node-groups`,
      token: owner.token,
      payload: { name: `group ${marker}` },
    });
    expect(group.code, group.message).toBe(20000);
    fixture.set('node-group', group.data.id);
    fixture.set('staff-member', staff.get('viewer')!.id);

    // Catalogue content everyone may see (the demo seed's).
    const pick = async (table: 'nodes' | 'announcements' | 'help_documents' | 'help_categories') =>
      (await db().selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    fixture.set('node', await pick('nodes'));
    fixture.set('announcement', await pick('announcements'));
    fixture.set('help-document', await pick('help_documents'));
    fixture.set('help-category', await pick('help_categories'));
    fixture.set('oauth-provider', 'github');

    const missing = (Object.keys(KINDS) as Kind[]).filter((k) => !fixture.has(k));
    expect(missing, 'kinds without a fixture').toEqual([]);
  }

  /** What A sees of A's things: it must be the same after everyone else has tried them. */
  async function ownerView(): Promise<unknown> {
    const get = async (url: string) => {
      const r = await call(t.app, { url: `${API_PREFIX}${url}`, token: a.token });
      return { code: r.code, data: r.data };
    };
    const ticket = await get(`/tickets/${fixture.get('ticket')}`);
    const stripUrls = JSON.parse(JSON.stringify(ticket), (key, value: unknown) =>
      key === 'url' ? undefined : value,
    ) as unknown;
    const sessions = await call<{ id: string }[]>(t.app, {
      url: `${API_PREFIX}/users/sessions`,
      token: a.token,
    });
    return {
      ticket: stripUrls,
      subscriptions: await get('/subscriptions/my'),
      link: await get(`/subscriptions/link?subscription_id=${fixture.get('subscription')}`),
      autoRenew: await get('/subscriptions/auto-renew/status'),
      topup: await get(`/recharge/usdt/${fixture.get('usdt-order')}`),
      balance: await get('/users/balance'),
      sessions: sessions.data.map((s) => s.id).sort(),
    };
  }

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SEED_DEMO: 'true',
        LOG_LEVEL: 'error',
        RATE_LIMIT_MAX: '1000000',
        USDT_RATE_CNY: '7.20',
        ERC20_RPC_URL: 'http://127.0.0.1:9',
        ERC20_TOKEN_ADDRESS: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
        ERC20_DECIMALS: '6',
        ERC20_RECEIVE_ADDRESS: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      },
    });
    a = await accountWithRole(t.app, db(), 'user');
    b = await accountWithRole(t.app, db(), 'user');
    for (const role of STAFF_ROLES) staff.set(role, await accountWithRole(t.app, db(), role));
    noTwoFactor = await accountWithRole(t.app, db(), 'admin', { twoFactor: false });
    await makeFixtures();
  }, 120_000);
  afterAll(async () => t?.close());

  it('maps every id the contract takes to a resource kind it can make', () => {
    const unknown = routes.flatMap((r) =>
      r.unknown.map((key) => `${r.name} (${r.method} ${r.path}): add '${key}' to KIND_OF with a fixture`),
    );
    expect(unknown).toEqual([]);
    expect(routes.length).toBeGreaterThan(60);
    const portal = routes.filter((r) => r.scope === 'portal');
    const owned = portal.filter((r) => r.ids.some((i) => KINDS[i.kind] === 'customer'));
    console.log(
      `access matrix: ${routes.length} routes take an id: ${owned.length} customer routes name a customer's thing, ` +
        `${portal.length - owned.length} only catalogue content, ${routes.length - portal.length} staff routes`,
    );
    const withoutBody = routes.filter(
      (r) =>
        r.scope === 'portal' &&
        r.body !== undefined &&
        r.ids.some((i) => KINDS[i.kind] === 'customer') &&
        !BODIES[r.name],
    );
    expect(
      withoutBody.map((r) => `${r.name}: add a valid body to BODIES`),
      'routes that would stop at validation',
    ).toEqual([]);
    for (const r of routes.filter((x) => x.scope === 'portal' && x.body && BODIES[x.name])) {
      const parsed = r.body!.safeParse(BODIES[r.name]!(valuesFor(r)));
      expect(
        parsed.success,
        `${r.name}: BODIES gives an invalid body ${JSON.stringify(parsed.error?.issues)}`,
      ).toBe(true);
    }
  });

  it("answers another customer and every staff role on the customers' routes as if A's things did not exist", async () => {
    const before = await ownerView();
    const intruders: [string, Account][] = [
      ['customer B', b],
      ['admin without two-factor', noTwoFactor],
      ...[...staff].map(([r, acc]) => [r, acc] as [string, Account]),
    ];
    const wrong: string[] = [];
    let probes = 0;
    const owned = routes.filter(
      (r) => r.scope === 'portal' && r.ids.some((i) => KINDS[i.kind] === 'customer'),
    );
    for (const route of owned) {
      const values = valuesFor(route);
      for (const [who, account] of intruders) {
        const where = `${who} ${route.method} ${route.path} (${route.name})`;
        const may = STAFF_MAY_READ[route.name];
        const role = [...staff].find(([, acc]) => acc === account)?.[0];
        if (may && role && hasPermission(role, may)) {
          const r = await send(route, account.token, values);
          probes += 1;
          if (r.status !== 200)
            wrong.push(`${where} (allowed by ${may}): ${r.status} ${r.body.slice(0, 200)}`);
          continue;
        }
        // What this caller gets for an id that names nothing: A's real id must get the same, or a plain refusal.
        const none = await send(route, account.token, valuesFor(route, true));
        const r = await send(route, account.token, values);
        probes += 2;
        const refused = r.status === 403 || r.status === 404;
        const likeNothing = r.status === none.status && r.code === none.code && r.status >= 400;
        if (!refused && !likeNothing)
          wrong.push(`${where}: ${r.status} ${r.body.slice(0, 200)} (nothing: ${none.status} ${none.code})`);
        const leaked = secrets.filter((x) => r.body.includes(x));
        if (leaked.length) wrong.push(`${where}: the answer carries A's ${leaked.join(', ')}`);
      }
    }
    console.log(
      `access matrix: ${owned.length} customer routes × ${intruders.length} intruders = ${probes} probes`,
    );
    expect(wrong).toEqual([]);
    // Nothing of A's changed, and A can still use each GET (the ids were real).
    expect(await ownerView()).toEqual(before);
    for (const route of owned.filter((r) => r.method === 'GET')) {
      const r = await send(route, a.token, valuesFor(route));
      expect(r.status, `A ${route.method} ${route.path}: ${r.body.slice(0, 200)}`).toBe(200);
    }
    await expectLedgerConsistent(db());
  }, 120_000);

  it('refuses every role without the permission on the staff routes, customers included, with no data', async () => {
    const wrong: string[] = [];
    let probes = 0;
    const staffRoutes = routes.filter((r) => r.scope === 'admin');
    for (const route of staffRoutes) {
      expect(route.permission, `${route.name} has no permission`).toBeDefined();
      const values = valuesFor(route);
      const callers: [string, Account, boolean][] = [
        ['customer A', a, false],
        ['customer B', b, false],
        ...[...staff].map(
          ([role, acc]) => [role, acc, hasPermission(role, route.permission!)] as [string, Account, boolean],
        ),
      ];
      for (const [who, account, allowed] of callers) {
        const where = `${who} ${route.method} ${route.path}`;
        if (allowed) {
          // Reads by a role allowed them prove the ids are real; writes are that role's job, not tried here.
          if (route.method !== 'GET') continue;
          const r = await send(route, account.token, values);
          probes += 1;
          if (r.status !== 200) wrong.push(`${where} (allowed): ${r.status} ${r.body.slice(0, 200)}`);
          continue;
        }
        const r = await send(route, account.token, values);
        probes += 1;
        if (r.status !== 403 || r.code !== 40002) wrong.push(`${where}: ${r.status} ${r.body.slice(0, 200)}`);
        const leaked = secrets.filter((s) => r.body.includes(s));
        if (leaked.length) wrong.push(`${where}: the answer carries ${leaked.join(', ')}`);
      }
    }
    console.log(`access matrix: ${staffRoutes.length} staff routes, ${probes} probes`);
    expect(wrong).toEqual([]);
  }, 120_000);
});
