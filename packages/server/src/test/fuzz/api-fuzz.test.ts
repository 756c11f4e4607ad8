import { availableParallelism } from 'node:os';
import { limitPasswordWork } from '../../modules/auth/passwords.js';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, call, enrolTwoFactor, login, randomIp, registerUser, uniqueEmail } from '../accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../helpers.js';
import { operationsOf, variantsOf, type Operation, type Variant } from './hostile.js';

/**
 * Every operation of the OpenAPI document, with hostile variants of its path, query and body, sent with no token,
 * a customer's and a staff member's: no answer is a 5xx, every answer is the envelope with the usual headers, and the server still serves
 * afterwards. The operations come from the document itself, so an endpoint added later is covered without a test
 * of its own.
 */
const CONCURRENCY = 8;

interface Caller {
  name: 'anonymous' | 'customer' | 'staff';
  token: string | null;
}

describe(`API fuzz over the OpenAPI document (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let operations: Operation[];
  const callers: Caller[] = [
    { name: 'anonymous', token: null },
    { name: 'customer', token: null },
    { name: 'staff', token: null },
  ];

  /** A verified account (staff: with the admin role) and a fresh token for it. */
  async function mint(caller: Caller): Promise<void> {
    if (caller.name === 'anonymous') return;
    const email = await registerUser(t.app, uniqueEmail(`fuzz-${caller.name}`));
    await t.database.handle.db
      .updateTable('users')
      .set({ email_verified_at: new Date().toISOString(), role: caller.name === 'staff' ? 'admin' : 'user' })
      .where('email', '=', email)
      .execute();
    caller.token = (await login(t.app, email, PASSWORD)).access_token;
    // Staff endpoints answer only two-factor sessions: without one, every staff variant would stop at 40120.
    if (caller.name === 'staff') await enrolTwoFactor(t.app, caller.token);
  }

  /** A variant may have ended the caller's session (a valid logout, a password change): sign in afresh. */
  async function keepSignedIn(caller: Caller): Promise<void> {
    if (!caller.token) return;
    const r = await call(t.app, { method: 'GET', url: '/api/v1/portal/users/profile', token: caller.token });
    if (r.code !== 20000) await mint(caller);
  }

  // Fuzzing is about input, not capacity: the password work's queue (50003 when full, passwords.ts) is made long
  // enough that parallel registrations and logins wait instead of being refused as busy.
  beforeAll(() => limitPasswordWork(availableParallelism(), 10_000));
  afterAll(() => limitPasswordWork(availableParallelism(), 2 * availableParallelism()));
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'true', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000' } });
    const doc = await t.app.inject({ url: '/api/docs/json' });
    operations = operationsOf(doc.json());
    for (const caller of callers) await mint(caller);
  }, 120_000);
  afterAll(async () => t?.close());

  it('finds every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(90);
    expect(operations.some((o) => o.path.startsWith('/api/v1/admin/'))).toBe(true);
  });

  it('answers every hostile variant of every operation for every caller without a 5xx, always in the envelope', async () => {
    const failures: string[] = [];
    let sent = 0;

    const send = async (op: Operation, variant: Variant, caller: Caller) => {
      const headers: Record<string, string> = { ...(variant.headers ?? {}) };
      if (caller.token) headers.authorization = `Bearer ${caller.token}`;
      const options: InjectOptions = {
        method: op.method as InjectOptions['method'],
        url: variant.url,
        headers,
        remoteAddress: randomIp(),
      };
      if (variant.payload !== undefined) options.payload = variant.payload as InjectOptions['payload'];
      const res = await t.app.inject(options);
      sent += 1;
      const where = `${caller.name} ${op.method} ${op.path} [${variant.label}]`;
      if (res.statusCode >= 500) {
        failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        return;
      }
      if (!res.headers['x-request-id'] || res.headers['x-content-type-options'] !== 'nosniff')
        failures.push(`${where}: ${res.statusCode} without the usual headers`);
      const type = String(res.headers['content-type'] ?? '');
      // A downloaded file is the one success that is not JSON; every other answer, and every error, is the envelope.
      if (res.statusCode < 300 && !type.startsWith('application/json')) return;
      let body: unknown;
      try {
        body = res.json();
      } catch {
        failures.push(`${where}: ${res.statusCode} is not JSON: ${res.body.slice(0, 200)}`);
        return;
      }
      const e = body as { code?: unknown; message?: unknown };
      if (
        typeof e !== 'object' ||
        e === null ||
        typeof e.code !== 'number' ||
        typeof e.message !== 'string' ||
        !('data' in e)
      )
        failures.push(`${where}: ${res.statusCode} is not the envelope: ${res.body.slice(0, 200)}`);
      else if (res.statusCode >= 400 !== e.code >= 40000)
        failures.push(`${where}: HTTP ${res.statusCode} with code ${e.code}`);
    };

    for (const op of operations) {
      const variants = variantsOf(op);
      for (const caller of callers) {
        await keepSignedIn(caller);
        const queue = [...variants];
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            for (let v = queue.shift(); v; v = queue.shift()) await send(op, v, caller);
          }),
        );
      }
    }

    console.log(`fuzz: ${sent} requests over ${operations.length} operations`);
    if (failures.length > 0) console.log(failures.slice(0, 40).join('\n'));
    expect(sent).toBeGreaterThan(10_000);
    expect(failures.slice(0, 40), `${failures.length} failure(s) in ${sent} requests`).toEqual([]);

    const health = await t.app.inject({ url: '/api/v1/portal/health' });
    expect(health.statusCode).toBe(200);
  }, 600_000);
});
