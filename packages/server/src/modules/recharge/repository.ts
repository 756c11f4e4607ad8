import type { CodeStatus, TopupStatus } from '@portal/contract';
import { sql, type Insertable } from 'kysely';
import type {
  Db,
  RechargeCodeBatchesTable,
  RechargeCodeBatchRow,
  RechargeCodeRow,
  RechargeOrderRow,
  RechargeOrdersTable,
} from '../../db/types.js';
import { fetchPage, type PageQuery } from '../../lib/paginate.js';

/** Every line of SQL of top-ups by code or USDT order (the chain watcher's is in chain-repository.ts). */
// ---- codes ----

export function insertCodes(
  db: Db,
  codes: {
    code: string;
    amountFen: number;
    batchId: string;
    generatedBy: number;
    createdAt: string;
    expiresAt?: string | null;
  }[],
): Promise<RechargeCodeRow[]> {
  return db
    .insertInto('recharge_codes')
    .values(
      codes.map((c) => ({
        code: c.code,
        amount_fen: c.amountFen,
        batch_id: c.batchId,
        generated_by: c.generatedBy,
        used_by: null,
        used_at: null,
        expires_at: c.expiresAt ?? null,
        created_at: c.createdAt,
      })),
    )
    .returningAll()
    .execute();
}

export function findCode(db: Db, code: string): Promise<RechargeCodeRow | undefined> {
  return db.selectFrom('recharge_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Takes an unused code for the user; false when it was no longer unused. */
export async function takeCode(db: Db, id: number, userId: number, at: string): Promise<boolean> {
  const taken = await db
    .updateTable('recharge_codes')
    .set({ status: 'used', used_by: userId, used_at: at })
    .where('id', '=', id)
    .where('status', '=', 'unused')
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

function codesOf(db: Db, userId: number, status: CodeStatus | undefined) {
  let q = db
    .selectFrom('recharge_codes as c')
    .leftJoin('users as u', 'u.id', 'c.used_by')
    .where('c.generated_by', '=', userId);
  if (status) q = q.where('c.status', '=', status);
  return q;
}

/** The user's codes with the address of whoever used each, newest first. */
export function pageOfCodes(db: Db, userId: number, status: CodeStatus | undefined, q: PageQuery) {
  return fetchPage(codesOf(db, userId, status), q, (qb) =>
    qb.selectAll('c').select('u.email as used_by_email').orderBy('c.id', 'desc').execute(),
  );
}

export function allCodes(db: Db, userId: number, status: CodeStatus | undefined) {
  return codesOf(db, userId, status)
    .selectAll('c')
    .select('u.email as used_by_email')
    .orderBy('c.id', 'desc')
    .execute();
}

// ---- orders ----

export function insertOrder(db: Db, order: Insertable<RechargeOrdersTable>): Promise<RechargeOrderRow> {
  return db.insertInto('recharge_orders').values(order).returningAll().executeTakeFirstOrThrow();
}

export function setOrderMemo(db: Db, id: number, memo: string): Promise<RechargeOrderRow> {
  return db
    .updateTable('recharge_orders')
    .set({ memo })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function countPendingUsdtOrders(db: Db, userId: number): Promise<number> {
  const open = await db
    .selectFrom('recharge_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('method', '=', 'usdt')
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(open.n);
}

export function findUsdtOrder(db: Db, userId: number, id: number): Promise<RechargeOrderRow | undefined> {
  return db
    .selectFrom('recharge_orders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('method', '=', 'usdt')
    .executeTakeFirst();
}

/** Cancels a pending USDT order of the user; false when it was not pending. */
export async function cancelPendingUsdtOrder(
  db: Db,
  userId: number,
  id: number,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('recharge_orders')
    .set({ status: 'canceled', updated_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('method', '=', 'usdt')
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function pageOfOrders(
  db: Db,
  userId: number,
  q: PageQuery & { method?: 'usdt' | 'code' | undefined; status?: TopupStatus | undefined },
) {
  let base = db.selectFrom('recharge_orders').where('user_id', '=', userId);
  if (q.method) base = base.where('method', '=', q.method);
  if (q.status) base = base.where('status', '=', q.status);
  return fetchPage(base, q, (qb) =>
    qb.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
  );
}

// ---- figures ----

export function orderTotals(db: Db, userId: number) {
  return db
    .selectFrom('recharge_orders')
    .where('user_id', '=', userId)
    .select([
      sql<number>`coalesce(sum(case when status = 'confirmed' then amount_fen else 0 end), 0)`.as('total'),
      sql<number>`coalesce(sum(case when status = 'confirmed' and method = 'usdt' then amount_fen else 0 end), 0)`.as(
        'usdt',
      ),
      sql<number>`coalesce(sum(case when status = 'confirmed' and method = 'code' then amount_fen else 0 end), 0)`.as(
        'code',
      ),
      sql<number>`count(case when status = 'confirmed' then 1 end)`.as('topups'),
      sql<number>`count(case when status in ('pending', 'paid') then 1 end)`.as('pending'),
    ])
    .executeTakeFirstOrThrow();
}

export async function countCodes(db: Db, generatedBy: number, status?: CodeStatus): Promise<number> {
  let q = db.selectFrom('recharge_codes').where('generated_by', '=', generatedBy);
  if (status) q = q.where('status', '=', status);
  const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

// ---- operators' code batches ----

export function insertBatch(
  db: Db,
  batch: Insertable<RechargeCodeBatchesTable>,
): Promise<RechargeCodeBatchRow> {
  return db.insertInto('recharge_code_batches').values(batch).returningAll().executeTakeFirstOrThrow();
}

export function findBatch(db: Db, id: number): Promise<RechargeCodeBatchRow | undefined> {
  return db.selectFrom('recharge_code_batches').selectAll().where('id', '=', id).executeTakeFirst();
}

export function batchesPage(db: Db, before: number | undefined, limit: number) {
  let q = db.selectFrom('recharge_code_batches').selectAll();
  if (before !== undefined) q = q.where('id', '<', before);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/** How many codes of each batch are in each state. */
export function batchCounts(db: Db, batchIds: string[]) {
  if (batchIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('recharge_codes')
    .select(['batch_id', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('batch_id', 'in', batchIds)
    .groupBy(['batch_id', 'status'])
    .execute();
}

/** Moves the codes of a batch that are not used (nor already there) to a state; how many moved. */
export async function setBatchCodesStatus(db: Db, batchId: string, status: CodeStatus): Promise<number> {
  const result = await db
    .updateTable('recharge_codes')
    .set({ status })
    .where('batch_id', '=', batchId)
    .where('status', '<>', 'used')
    .where('status', '<>', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function findCodeById(db: Db, id: number): Promise<RechargeCodeRow | undefined> {
  return db.selectFrom('recharge_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves one code that is not used to a state; false when it was used meanwhile. */
export async function setCodeStatus(db: Db, id: number, status: CodeStatus): Promise<boolean> {
  const result = await db
    .updateTable('recharge_codes')
    .set({ status })
    .where('id', '=', id)
    .where('status', '<>', 'used')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function codesPage(
  db: Db,
  filter: { code?: string | undefined; batch_id?: string | undefined; status?: CodeStatus | undefined },
  before: number | undefined,
  limit: number,
) {
  let q = db.selectFrom('recharge_codes').selectAll();
  if (filter.code !== undefined) q = q.where('code', '=', filter.code);
  if (filter.batch_id !== undefined) q = q.where('batch_id', '=', filter.batch_id);
  if (filter.status !== undefined) q = q.where('status', '=', filter.status);
  if (before !== undefined) q = q.where('id', '<', before);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/** Every code of a batch with the address of whoever used it, oldest first (the export). */
export function codesOfBatch(db: Db, batchId: string) {
  return db
    .selectFrom('recharge_codes as c')
    .leftJoin('users as u', 'u.id', 'c.used_by')
    .selectAll('c')
    .select('u.email as used_by_email')
    .where('c.batch_id', '=', batchId)
    .orderBy('c.id')
    .execute();
}
