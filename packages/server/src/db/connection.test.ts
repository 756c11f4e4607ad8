import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../test/helpers.js';
import { openDatabase, type DatabaseHandle } from './connection.js';
import { migrateToLatest } from './migrate.js';

/* A scratch table outside the app's schema (the `Database` type does not know it). */
type Scratch = { scratch: { id: number; name: string; extra?: string | null } };

describe(`prepared statements are reused (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Scratch>;
  beforeEach(async () => {
    database = await createTestDatabase();
    // One connection, so that on PostgreSQL every query lands where the previous ones were prepared.
    handle = openDatabase(database.url, { poolSize: 1, statementCacheSize: 8, onIdleError: () => undefined });
    db = handle.db as unknown as Kysely<Scratch>;
    await db.schema
      .createTable('scratch')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();
    await db
      .insertInto('scratch')
      .values([
        { id: 1, name: 'one' },
        { id: 2, name: 'two' },
        { id: 3, name: 'three' },
      ])
      .execute();
  });
  afterEach(async () => {
    await handle.close();
    await database.drop();
  });

  const byId = (id: number) => db.selectFrom('scratch').selectAll().where('id', '=', id).executeTakeFirst();

  it('answers the same rows while preparing each repeated text once', async () => {
    const before = handle.statementStats();
    const answers = [];
    for (const id of [1, 2, 3, 1, 2, 3, 4]) answers.push(await byId(id));
    expect(answers).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
      { id: 3, name: 'three' },
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
      { id: 3, name: 'three' },
      undefined,
    ]);
    const after = handle.statementStats();
    // SQLite keeps the first one; PostgreSQL names the text at its second sighting. Either way, the rest are reused.
    expect(after.reused - before.reused).toBeGreaterThanOrEqual(5);
    expect(after.prepared - before.prepared).toBeLessThanOrEqual(2);
    // Writes too: the same insert text with other values.
    for (let id = 10; id < 15; id++)
      await db
        .insertInto('scratch')
        .values({ id, name: `n${id}` })
        .execute();
    expect(
      (await db.selectFrom('scratch').select('id').where('id', '>=', 10).orderBy('id').execute()).map(
        (r) => r.id,
      ),
    ).toEqual([10, 11, 12, 13, 14]);
    expect(handle.statementStats().reused - after.reused).toBeGreaterThanOrEqual(3);
  });

  it.runIf(TEST_DIALECT === 'postgres')(
    'PostgreSQL holds one named statement per repeated text',
    async () => {
      for (let i = 0; i < 5; i++) await byId(1);
      const held = await sql<{ name: string; statement: string }>`
      select name, statement from pg_prepared_statements where statement like '%"scratch"%'`.execute(db);
      expect(held.rows).toHaveLength(1);
      expect(held.rows[0]!.statement).toContain('where "id" = $1');
      // Planned for each call's values, never a generic plan.
      const mode = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(db);
      expect(mode.rows[0]!.plan_cache_mode).toBe('force_custom_plan');
    },
  );

  it('keeps no more statements than its bound, and answers past it', async () => {
    for (let round = 0; round < 2; round++)
      for (let n = 1; n <= 20; n++) {
        const ids = Array.from({ length: n }, (_, i) => i + 1);
        const rows = await db
          .selectFrom('scratch')
          .select('id')
          .where('id', 'in', ids)
          .orderBy('id')
          .execute();
        expect(rows.map((r) => r.id)).toEqual(ids.filter((id) => id <= 3));
      }
    expect(handle.statementStats().held).toBeLessThanOrEqual(8);
    if (TEST_DIALECT === 'postgres') {
      const n = await sql<{ n: string }>`select count(*) as n from pg_prepared_statements`.execute(db);
      expect(Number(n.rows[0]!.n)).toBeLessThanOrEqual(8);
    }
  });

  it('sees a column added here after the statement was prepared (a migration)', async () => {
    const all = () => db.selectFrom('scratch').selectAll().where('id', '=', 1).executeTakeFirst();
    await all();
    await all();
    expect(await all()).toEqual({ id: 1, name: 'one' });
    await db.schema.alterTable('scratch').addColumn('extra', 'text').execute();
    await db.updateTable('scratch').set({ extra: 'x' }).where('id', '=', 1).execute();
    expect(await all()).toEqual({ id: 1, name: 'one', extra: 'x' });
    expect(await all()).toEqual({ id: 1, name: 'one', extra: 'x' });
  });

  it('sees a column added by another connection after the statement was prepared', async () => {
    const all = () => db.selectFrom('scratch').selectAll().where('id', '=', 2).executeTakeFirst();
    await all();
    await all();
    expect(await all()).toEqual({ id: 2, name: 'two' });
    if (TEST_DIALECT === 'postgres') {
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      await other.query(`alter table scratch add column extra text default 'y'`);
      await other.end();
    } else {
      const other = openDatabase(database.url);
      await sql`alter table scratch add column extra text default 'y'`.execute(other.db);
      await other.close();
    }
    expect(await all()).toEqual({ id: 2, name: 'two', extra: 'y' });
    expect(await all()).toEqual({ id: 2, name: 'two', extra: 'y' });
  });

  it('migrates a fresh database through the cache, and a second run changes nothing', async () => {
    const app = openDatabase(database.url, { poolSize: 2, onIdleError: () => undefined });
    try {
      expect(await migrateToLatest(app.db)).toContain('0001-init');
      expect(await migrateToLatest(app.db)).toEqual([]);
      const before = app.statementStats().reused;
      for (let i = 0; i < 4; i++)
        expect(await app.db.selectFrom('users').select('id').where('email', '=', 'a@b.c').execute()).toEqual(
          [],
        );
      expect(app.statementStats().reused - before).toBeGreaterThanOrEqual(2);
    } finally {
      await app.close();
    }
  });
});
