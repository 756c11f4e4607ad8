import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type CompiledQuery,
} from 'kysely';
import type { DialectName } from '../db/connection.js';
import type { Database } from '../db/types.js';

/**
 * The SQL a repository function sends, compiled by the dialect's own compiler without running it: the function is
 * called with a database that records every query and answers none (empty results; a function that needs a row
 * fails after its query was recorded, which is ignored). What is tested is the real function's query.
 */
export async function queriesOf(
  dialect: DialectName,
  run: (db: Kysely<Database>) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const queries: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => (dialect === 'postgres' ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) =>
        dialect === 'postgres' ? new PostgresIntrospector(k) : new SqliteIntrospector(k),
      createQueryCompiler: () =>
        dialect === 'postgres' ? new PostgresQueryCompiler() : new SqliteQueryCompiler(),
    },
    log: (event) => {
      if (event.level === 'query') queries.push(event.query);
    },
  });
  await run(db).catch(() => undefined);
  return queries;
}

/** One node of a plan, as both databases describe it here: what it does, on which index, with its children. */
export interface PlanNode {
  detail: string;
  children: PlanNode[];
}

/**
 * The plan of a compiled query on a real database. SQLite: `EXPLAIN QUERY PLAN` (each row's detail, e.g.
 * "SEARCH t USING INDEX x (a=?)"); PostgreSQL: `EXPLAIN (FORMAT JSON)`, each node's detail built as
 * "<Node Type> [on <relation>] [using <index>]", e.g. "Index Scan on tickets using tickets_updated".
 */
export async function planOf(
  db: Kysely<Database>,
  dialect: DialectName,
  query: CompiledQuery,
): Promise<PlanNode> {
  if (dialect === 'sqlite') {
    const rows = await db.executeQuery<{ id: number; parent: number; detail: string }>({
      ...query,
      sql: `explain query plan ${query.sql}`,
    });
    const nodes = new Map<number, PlanNode>([[0, { detail: 'QUERY', children: [] }]]);
    for (const r of rows.rows) {
      const node = { detail: r.detail, children: [] };
      nodes.set(r.id, node);
      (nodes.get(r.parent) ?? nodes.get(0)!).children.push(node);
    }
    return nodes.get(0)!;
  }
  const result = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: PgPlan }] }>({
    ...query,
    sql: `explain (format json) ${query.sql}`,
  });
  const toNode = (p: PgPlan): PlanNode => ({
    detail: [
      p['Node Type'],
      p['Relation Name'] ? `on ${p['Relation Name']}` : '',
      p['Index Name'] ? `using ${p['Index Name']}` : '',
      p['Filter'] ? `filter ${p['Filter']}` : '',
    ]
      .filter(Boolean)
      .join(' '),
    children: (p.Plans ?? []).map(toNode),
  });
  return toNode(result.rows[0]!['QUERY PLAN'][0].Plan);
}

interface PgPlan {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Filter?: string;
  Plans?: PgPlan[];
}

/** Every node's detail, depth first, one per line (for messages and for matching). */
export function planLines(plan: PlanNode, depth = 0): string[] {
  return [`${'  '.repeat(depth)}${plan.detail}`, ...plan.children.flatMap((c) => planLines(c, depth + 1))];
}

/** Raw SQL run before planning on PostgreSQL, to refresh the statistics the planner reads. */
export async function analyze(db: Kysely<Database>, tables: string[]): Promise<void> {
  for (const t of tables) await sql`analyze ${sql.table(t)}`.execute(db);
}
