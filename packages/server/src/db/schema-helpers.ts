import {
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
} from 'kysely';

/** Migrations are written once for both dialects; these few helpers hide the differences. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key named `id`. */
export function withId<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** created_at / updated_at as ISO 8601 text. */
export function withTimestamps<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());
}

/**
 * Rebuilds a text column with a new definition (a wider CHECK, say), its values kept: SQLite cannot change a
 * CHECK in place. The new definition needs a default when the column is NOT NULL (rows exist while it is added).
 */
export async function rebuildTextColumn(
  db: Kysely<unknown>,
  table: string,
  column: string,
  build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder,
): Promise<void> {
  const kept = `${column}_before`;
  await db.schema.alterTable(table).addColumn(kept, 'text').execute();
  await sql`update ${sql.table(table)} set ${sql.ref(kept)} = ${sql.ref(column)}`.execute(db);
  await db.schema.alterTable(table).dropColumn(column).execute();
  await db.schema.alterTable(table).addColumn(column, 'text', build).execute();
  await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(kept)}`.execute(db);
  await db.schema.alterTable(table).dropColumn(kept).execute();
}
