import { domainToASCII, domainToUnicode } from 'node:url';
import { decodePunycode, normaliseEmail } from '@portal/contract';
import { Migrator } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../test/helpers.js';
import { migrateToLatest } from './migrate.js';
import { emailNormalForm0030 } from './migrations/frozen/email-normal-form-0030.js';
import { migrations } from './migrations/index.js';

/**
 * Migration 0030 puts every account's address in normal form; accounts whose addresses collide in it are neither
 * merged nor lost (issue 20 §3).
 */
describe(`migration 0030: addresses in normal form (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeEach(async () => {
    database = await createTestDatabase();
    const migrator = new Migrator({
      db: db(),
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    const { error } = await migrator.migrateTo('0023-region-keys');
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  afterEach(() => database.drop());

  async function account(email: string): Promise<number> {
    const now = new Date().toISOString();
    const row = await db()
      .insertInto('users')
      .values({
        email,
        password_hash: null,
        nickname: null,
        avatar_url: null,
        locale: 'en',
        invite_code: null,
        email_verified_at: now,
        locked_until: null,
        last_login_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('normalises every address; colliding accounts keep theirs and are listed, none lost', async () => {
    const plain = await account('a@example.com');
    const dotted = await account('a@example.com.');
    const unicode = await account('b@bücher.de');
    const ascii = await account('b@xn--bcher-kva.de');
    const alone = await account('c@Bücher.de.');
    const first = await account('d@example.com.');
    const second = await account('d@Example.COM');
    const broken = await account('nodomain@');
    const cjk = await account('e@例子.测试');
    const before = await db().selectFrom('users').select(['id', 'balance_fen']).orderBy('id').execute();

    expect(await migrateToLatest(db())).toContain('0030-email-normal-form');

    const emails = Object.fromEntries(
      (await db().selectFrom('users').select(['id', 'email']).execute()).map((r) => [r.id, r.email]),
    );
    expect(emails).toEqual({
      [plain]: 'a@example.com',
      [dotted]: 'a@example.com.',
      [unicode]: 'b@bücher.de',
      [ascii]: 'b@xn--bcher-kva.de',
      [alone]: 'c@xn--bcher-kva.de',
      [first]: 'd@example.com',
      [second]: 'd@Example.COM',
      [broken]: 'nodomain@',
      [cjk]: 'e@xn--fsqu00a.xn--0zwm56d',
    });
    const conflicts = await db()
      .selectFrom('email_conflicts')
      .select(['user_id', 'email', 'normal_form', 'reason', 'same_as_user_id'])
      .orderBy('user_id')
      .execute();
    expect(conflicts).toEqual([
      {
        user_id: dotted,
        email: 'a@example.com.',
        normal_form: 'a@example.com',
        reason: 'same_normal_form',
        same_as_user_id: plain,
      },
      {
        user_id: unicode,
        email: 'b@bücher.de',
        normal_form: 'b@xn--bcher-kva.de',
        reason: 'same_normal_form',
        same_as_user_id: ascii,
      },
      {
        user_id: second,
        email: 'd@Example.COM',
        normal_form: 'd@example.com',
        reason: 'same_normal_form',
        same_as_user_id: first,
      },
      {
        user_id: broken,
        email: 'nodomain@',
        normal_form: null,
        reason: 'no_normal_form',
        same_as_user_id: null,
      },
    ]);
    // Every account is still there, with what it had.
    expect(await db().selectFrom('users').select(['id', 'balance_fen']).orderBy('id').execute()).toEqual(
      before,
    );
    // The unique index holds on the normal form: a second account cannot take one.
    await expect(account('c@xn--bcher-kva.de')).rejects.toThrow();
  });

  it('changes nothing on a database whose addresses are already normal', async () => {
    const id = await account('someone@example.com');
    await migrateToLatest(db());
    const row = await db().selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.email).toBe('someone@example.com');
    expect(await db().selectFrom('email_conflicts').selectAll().execute()).toEqual([]);
  });
});

/** The contract's rule (browser and server) and the migration's copy give node's ASCII form of a domain. */
describe('normal form of domains', () => {
  const domains = [
    'bücher.de',
    'ПРИМЕР.рф',
    '例子.测试',
    'straße.de',
    'ｅｘａｍｐｌｅ.com',
    'faß.de',
    'ñandú.cl',
  ];

  it.each(domains)('%s', (domain) => {
    const ascii = domainToASCII(domain);
    expect(normaliseEmail(`x@${domain}`)).toEqual({ ok: true, email: `x@${ascii}` });
    expect(emailNormalForm0030(`x@${domain}.`)).toBe(`x@${ascii}`);
  });

  it('decodes punycode labels as node does', () => {
    for (const label of ['bücher', 'пример', '例子', 'ñandú', 'p\u0430ypal', 'αβγ', '😀smile']) {
      const ascii = domainToASCII(`${label}.com`).split('.')[0]!;
      expect(decodePunycode(ascii.slice(4))).toBe(domainToUnicode(`${ascii}.com`).split('.')[0]);
    }
    expect(domainToASCII('p\u0430ypal.com')).toBe('xn--pypal-4ve.com');
  });
});
