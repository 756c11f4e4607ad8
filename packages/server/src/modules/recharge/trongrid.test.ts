import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Topup } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, verifiedUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { balanceOf, expectLedgerConsistent } from '../../test/wallet.js';
import { TronSource } from './chains/tron-source.js';

/**
 * A contract test of our TronGrid client: a local HTTP server answers `GET /v1/accounts/{address}/transactions/trc20`
 * in TronGrid's documented JSON shape (data[], meta.fingerprint, meta.links.next). It is not a TRON chain; it checks
 * that we ask the right questions and read the answers right.
 */
const RECEIVER = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const TOKEN = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const OTHER_TOKEN = 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj';

interface Entry {
  transaction_id: string;
  block_timestamp: number;
  from: string;
  to: string;
  value: string;
  confirmed: boolean;
  token?: string;
  type?: string;
}

describe(`TRC20 through the TronGrid API (${TEST_DIALECT})`, () => {
  let server: Server;
  let apiUrl: string;
  const entries: Entry[] = [];
  const requests: { url: URL; apiKey: string | undefined }[] = [];

  function answer(req: IncomingMessage) {
    const url = new URL(req.url ?? '/', apiUrl);
    requests.push({ url, apiKey: req.headers['tron-pro-api-key'] as string | undefined });
    const match = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
    if (!match) return { status: 404, body: { success: false, error: 'not found' } };
    const confirmed = url.searchParams.get('only_confirmed') === 'true';
    const min = Number(url.searchParams.get('min_timestamp') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const start = Number(url.searchParams.get('fingerprint') ?? 0);
    const selected = entries
      .filter(
        (e) =>
          e.confirmed === confirmed &&
          e.block_timestamp >= min &&
          (url.searchParams.get('only_to') !== 'true' || e.to === match[1]),
      )
      .sort((a, b) => a.block_timestamp - b.block_timestamp);
    const page = selected.slice(start, start + Math.min(limit, 2)); // small pages to exercise pagination
    const nextStart = start + page.length;
    const next = new URL(url);
    next.searchParams.set('fingerprint', String(nextStart));
    return {
      status: 200,
      body: {
        data: page.map((e) => ({
          transaction_id: e.transaction_id,
          token_info: { symbol: 'USDT', address: e.token ?? TOKEN, decimals: 6, name: 'Tether USD' },
          block_timestamp: e.block_timestamp,
          from: e.from,
          to: e.to,
          type: e.type ?? 'Transfer',
          value: e.value,
        })),
        success: true,
        meta: {
          at: Date.now(),
          page_size: page.length,
          ...(nextStart < selected.length
            ? { fingerprint: String(nextStart), links: { next: next.toString() } }
            : {}),
        },
      },
    };
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      const { status, body } = answer(req);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads every page of transfers to our address of our token, with the API key', async () => {
    const now = Date.now();
    entries.push(
      {
        transaction_id: 'a1',
        block_timestamp: now - 5000,
        from: 'TFrom1',
        to: RECEIVER,
        value: '1000000',
        confirmed: true,
      },
      {
        transaction_id: 'a2',
        block_timestamp: now - 4000,
        from: 'TFrom2',
        to: RECEIVER,
        value: '2500000',
        confirmed: true,
      },
      {
        transaction_id: 'a3',
        block_timestamp: now - 3000,
        from: 'TFrom3',
        to: RECEIVER,
        value: '3000000',
        confirmed: true,
        token: OTHER_TOKEN,
      },
      {
        transaction_id: 'a4',
        block_timestamp: now - 2000,
        from: 'TFrom4',
        to: RECEIVER,
        value: '4000000',
        confirmed: true,
        type: 'Approval',
      },
      {
        transaction_id: 'a5',
        block_timestamp: now - 1000,
        from: 'TFrom5',
        to: RECEIVER,
        value: '5000001',
        confirmed: false,
      },
    );
    const source = new TronSource({
      kind: 'tron',
      network: 'TRC20',
      apiUrl,
      apiKey: 'key-123',
      token: TOKEN,
      decimals: 6,
      address: RECEIVER,
      confirmations: 19,
    });
    const scan = await source.scan(String(now - 10_000));
    expect(scan.transfers.map((t) => [t.txHash, t.micro, t.final])).toEqual([
      ['a1', 1_000_000, true],
      ['a2', 2_500_000, true],
      ['a5', 5_000_001, false],
    ]);
    expect(Number(scan.cursor)).toBe(now - 4000);
    const asked = requests.filter((r) => r.url.pathname.includes(RECEIVER));
    expect(asked.length).toBeGreaterThanOrEqual(3);
    for (const r of asked) {
      expect(r.apiKey).toBe('key-123');
      expect(r.url.searchParams.get('contract_address')).toBe(TOKEN);
      expect(r.url.searchParams.get('only_to')).toBe('true');
    }
    entries.length = 0;
  });

  describe('paying an order', () => {
    let t: TestApp;
    let sink: SmtpSink;
    beforeAll(async () => {
      sink = await startSmtpSink();
      t = await createTestApp({
        env: {
          SMTP_URL: sink.url,
          LOG_LEVEL: 'error',
          TRC20_API_URL: apiUrl,
          TRC20_RECEIVE_ADDRESS: RECEIVER,
        },
      });
    });
    afterAll(async () => {
      await t.close();
      await sink.close();
    });

    it('marks the order paid when the transfer appears and credits it once it is solidified', async () => {
      const u = await verifiedUser(t.app, sink);
      const o = (
        await call<Topup>(t.app, {
          method: 'POST',
          url: '/api/v1/portal/recharge/usdt',
          token: u.tokens.access_token,
          payload: { amount: '50.00', network: 'TRC20' },
        })
      ).data;
      expect(o).toMatchObject({ network: 'TRC20', address: RECEIVER, confirmations_required: 19 });
      const micro = String(Number(o.usdt_amount!.replace('.', '')));
      const entry: Entry = {
        transaction_id: 'tx-pay-1',
        block_timestamp: Date.now(),
        from: 'TPayer',
        to: RECEIVER,
        value: micro,
        confirmed: false,
      };
      entries.push(entry);
      await t.app.ctx.services.watcher.tick();
      const get = async () =>
        (
          await call<Topup>(t.app, {
            url: `/api/v1/portal/recharge/usdt/${o.id}`,
            token: u.tokens.access_token,
          })
        ).data;
      expect(await get()).toMatchObject({ status: 'paid', tx_hash: 'tx-pay-1' });
      expect(await balanceOf(t.database.handle.db, u.email)).toBe(0);

      entry.confirmed = true;
      await t.app.ctx.services.watcher.tick();
      await t.app.ctx.services.watcher.tick();
      expect(await get()).toMatchObject({ status: 'confirmed' });
      expect(await balanceOf(t.database.handle.db, u.email)).toBe(36000);
      await expectLedgerConsistent(t.database.handle.db);
    });
  });
});
