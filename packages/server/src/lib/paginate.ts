import { sql, type SelectQueryBuilder } from 'kysely';

export interface PageQuery {
  page: number;
  size: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
  pages: number;
}

/**
 * One page of a query and the total it pages through, in two queries run together. `select` gets the query with the
 * page's limit and offset applied and adds its columns and order.
 */
export async function fetchPage<DB, TB extends keyof DB, O, Row>(
  base: SelectQueryBuilder<DB, TB, O>,
  q: PageQuery,
  select: (qb: SelectQueryBuilder<DB, TB, O>) => Promise<Row[]>,
): Promise<{ rows: Row[]; total: number }> {
  const [count, rows] = await Promise.all([
    base.select(sql<number | string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    select(base.limit(q.size).offset((q.page - 1) * q.size)),
  ]);
  return { rows, total: Number((count as { total: number | string }).total) };
}

export function toPage<T>(items: T[], total: number, q: PageQuery): Page<T> {
  return { items, total, page: q.page, size: q.size, pages: Math.ceil(total / q.size) };
}
