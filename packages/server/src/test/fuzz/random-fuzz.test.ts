import { availableParallelism } from 'node:os';
import { limitPasswordWork } from '../../modules/auth/passwords.js';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithRole, randomIp } from '../accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../helpers.js';
import { operationsOf, sample, type JsonSchema, type Operation } from './hostile.js';

/**
 * Random requests from the OpenAPI document's schemas with fast-check: where `api-fuzz` breaks a plausible request
 * in one place, these break several at once — every field plausible or hostile at random (wrong types, nulls,
 * unicode, long strings, missing), with extra fields, random path and query values — as anonymous, a customer and
 * staff. None may answer 5xx; every answer is the envelope. The seed is printed, so a failure can be replayed
 * (FUZZ_SEED).
 */
const RUNS_PER_OPERATION = 30;

const hostile = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER + 2, 1e308),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\u202e', '../../etc/passwd', "' OR 1=1 --", 'x'.repeat(70_000)),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** A value for a schema: a plausible one, a hostile one, or (for object fields) left out. */
function valueFor(schema: JsonSchema | undefined, name: string, depth = 0): fc.Arbitrary<unknown> {
  const plausible = fc.constant(sample(schema, name));
  if (depth < 3 && schema?.type === 'object' && schema.properties) {
    const fields = Object.fromEntries(
      Object.entries(schema.properties).map(([key, child]) => [key, valueFor(child, key, depth + 1)]),
    );
    const record = fc
      .tuple(
        fc.record(fields, { requiredKeys: [] }),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), hostile, { maxKeys: 2 }),
      )
      .map(([known, extra]) => ({ ...extra, ...known }));
    return fc.oneof({ arbitrary: record, weight: 4 }, { arbitrary: hostile, weight: 1 });
  }
  return fc.oneof({ arbitrary: plausible, weight: 2 }, { arbitrary: hostile, weight: 1 });
}

const segment = fc.oneof(
  fc.integer({ min: -5, max: 2 ** 32 }).map(String),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
  fc.constantFrom('0', '1', '%00', '..', '1e3', '9'.repeat(40)),
);

function requestFor(op: Operation): fc.Arbitrary<{ url: string; payload: unknown }> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const path = fc.tuple(...pathParams.map(() => segment)).map((values) => {
    let i = 0;
    return op.path.replace(/\{[^}]+\}/g, () => values[i++] ?? '1');
  });
  const query = fc
    .tuple(
      ...queryParams.map((p) =>
        fc.option(
          valueFor(p.schema, p.name).map(
            (v) =>
              `${encodeURIComponent(p.name)}=${encodeURIComponent(typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))}`,
          ),
        ),
      ),
    )
    .map((parts) => parts.filter((x): x is string => x !== null).join('&'));
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const body = hasBody ? valueFor(op.body ?? { type: 'object', properties: {} }, '') : fc.constant(undefined);
  return fc.tuple(path, query, body).map(([p, q, payload]) => ({ url: q ? `${p}?${q}` : p, payload }));
}

describe(`random requests from the API's schemas (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let operations: Operation[];
  const tokens: [string, string | null][] = [['anonymous', null]];

  // Fuzzing is about input, not capacity: the password work's queue (50003 when full, passwords.ts) is made long
  // enough that parallel registrations and logins wait instead of being refused as busy.
  beforeAll(() => limitPasswordWork(availableParallelism(), 10_000));
  afterAll(() => limitPasswordWork(availableParallelism(), 2 * availableParallelism()));
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'true', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000' } });
    operations = operationsOf((await t.app.inject({ url: '/api/docs/json' })).json());
    tokens.push(['customer', (await accountWithRole(t.app, t.database.handle.db, 'user')).token]);
    tokens.push(['staff', (await accountWithRole(t.app, t.database.handle.db, 'admin')).token]);
  }, 120_000);
  afterAll(async () => t?.close());

  it('never answers 5xx and always answers the envelope', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      // Routes that end the caller's session are skipped for the signed-in callers (api-fuzz covers them).
      const endsSession = /logout|password|revoke|2fa\/disable/.test(op.path);
      const samples = fc.sample(requestFor(op), { numRuns: RUNS_PER_OPERATION, seed: seed + sent });
      await Promise.all(
        samples.map(async (request, i) => {
          const [who, token] = tokens[i % tokens.length]!;
          const options: InjectOptions = {
            method: op.method as InjectOptions['method'],
            url: request.url,
            headers: token && !endsSession ? { authorization: `Bearer ${token}` } : {},
            remoteAddress: randomIp(),
          };
          if (request.payload !== undefined) options.payload = request.payload as InjectOptions['payload'];
          const where = `${who} ${op.method} ${request.url.slice(0, 120)}`;
          let res;
          try {
            res = await t.app.inject(options);
          } catch (err) {
            failures.push(`${where}: ${String(err)} with ${JSON.stringify(request.payload)?.slice(0, 200)}`);
            return;
          } finally {
            sent += 1;
          }
          if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (
            res.statusCode >= 400 ||
            String(res.headers['content-type']).startsWith('application/json')
          ) {
            let body: { code?: unknown; message?: unknown } | null = null;
            try {
              body = res.json();
            } catch {
              // reported below
            }
            if (typeof body?.code !== 'number' || typeof body.message !== 'string')
              failures.push(`${where}: ${res.statusCode} is not the envelope: ${res.body.slice(0, 200)}`);
          }
        }),
      );
    }
    console.log(`random fuzz: ${sent} requests over ${operations.length} operations (FUZZ_SEED=${seed})`);
    expect(failures.slice(0, 30), `${failures.length} failure(s), FUZZ_SEED=${seed}`).toEqual([]);
    expect((await t.app.inject({ url: '/api/v1/portal/health' })).statusCode).toBe(200);
  }, 300_000);
});
