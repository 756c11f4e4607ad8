import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../test/helpers.js';
import { migrateToLatest } from './migrate.js';
import { reusableQuery } from './reusable-query.js';

describe(`reusableQuery (${TEST_DIALECT})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await migrateToLatest(t.handle.db);
    const now = new Date().toISOString();
    await t.handle.db
      .insertInto('users')
      .values(
        ['a@example.com', 'b@example.com', 'c@example.com'].map((email, i) => ({
          email,
          password_hash: null,
          nickname: `n${i}`,
          avatar_url: null,
          email_verified_at: null,
          invite_code: null,
          locked_until: null,
          last_login_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  });
  afterAll(() => t.drop());

  const byEmailAndNick = reusableQuery(2, (db, [email, nick]) =>
    db
      .selectFrom('users')
      .select(['email', 'nickname'])
      .where('nickname', '=', nick!)
      .where('email', '=', email!)
      .where('status', '=', 'active'),
  );

  it('runs the compiled query with each call’s values in their places, constants kept', async () => {
    expect(await byEmailAndNick(t.handle.db, 'b@example.com', 'n1')).toEqual([
      { email: 'b@example.com', nickname: 'n1' },
    ]);
    expect(await byEmailAndNick(t.handle.db, 'c@example.com', 'n2')).toEqual([
      { email: 'c@example.com', nickname: 'n2' },
    ]);
    // Values swapped between the slots find nothing: each value goes to its own place.
    expect(await byEmailAndNick(t.handle.db, 'n1', 'b@example.com')).toEqual([]);
  });

  it('works inside a transaction too', async () => {
    const rows = await t.handle.db.transaction().execute((trx) => byEmailAndNick(trx, 'a@example.com', 'n0'));
    expect(rows).toHaveLength(1);
  });

  it('refuses a build that does not use every stand-in', async () => {
    const wrong = reusableQuery(2, (db, [email]) =>
      db.selectFrom('users').select('id').where('email', '=', email!),
    );
    await expect(wrong(t.handle.db, 'a@example.com', 'x')).rejects.toThrow(/2 values/);
  });
});
