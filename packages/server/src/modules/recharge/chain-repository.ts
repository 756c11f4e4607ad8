import type { Insertable, Updateable } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { ChainTransferRow, ChainTransfersTable, Db, RechargeOrderRow } from '../../db/types.js';

/** Every line of SQL of the chain watcher: scan cursors, observed transfers and the USDT orders they move. */
export async function cursorOf(db: Db, network: string): Promise<string | null> {
  const row = await db
    .selectFrom('chain_cursors')
    .select('position')
    .where('network', '=', network)
    .executeTakeFirst();
  return row?.position ?? null;
}

export async function saveCursor(db: Db, network: string, position: string): Promise<void> {
  await db
    .insertInto('chain_cursors')
    .values({ network, position, updated_at: nowIso() })
    .onConflict((oc) => oc.column('network').doUpdateSet({ position, updated_at: nowIso() }))
    .execute();
}

export function findTransfer(
  db: Db,
  network: string,
  txHash: string,
  logIndex: number,
): Promise<ChainTransferRow | undefined> {
  return db
    .selectFrom('chain_transfers')
    .selectAll()
    .where('network', '=', network)
    .where('tx_hash', '=', txHash)
    .where('log_index', '=', logIndex)
    .executeTakeFirst();
}

/** The order a transfer of `micro` pays: a pending one, or one that timed out after the transfer was made. */
export function orderPaidBy(
  db: Db,
  network: string,
  micro: number,
  paidAt: string,
): Promise<RechargeOrderRow | undefined> {
  return db
    .selectFrom('recharge_orders')
    .selectAll()
    .where('method', '=', 'usdt')
    .where('network', '=', network)
    .where('usdt_micro', '=', micro)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'timeout'), eb('expires_at', '>=', paidAt)]),
      ]),
    )
    .orderBy('id')
    .executeTakeFirst();
}

/** A timed-out or canceled order of that amount (the transfer came too late for it). */
export function closedOrderOf(db: Db, network: string, micro: number) {
  return db
    .selectFrom('recharge_orders')
    .select('id')
    .where('method', '=', 'usdt')
    .where('network', '=', network)
    .where('usdt_micro', '=', micro)
    .where('status', 'in', ['timeout', 'canceled'])
    .executeTakeFirst();
}

export async function updateTransfer(
  db: Db,
  id: number,
  values: Updateable<ChainTransfersTable>,
): Promise<number> {
  const row = await db
    .updateTable('chain_transfers')
    .set(values)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertTransfer(db: Db, values: Insertable<ChainTransfersTable>): Promise<number> {
  const row = await db.insertInto('chain_transfers').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function markOrderPaid(
  db: Db,
  orderId: number,
  paid: { paidAt: string; txHash: string; transferId: number; now: string },
): Promise<void> {
  await db
    .updateTable('recharge_orders')
    .set({
      status: 'paid',
      paid_at: paid.paidAt,
      tx_hash: paid.txHash,
      transfer_id: paid.transferId,
      confirmations: 0,
      updated_at: paid.now,
    })
    .where('id', '=', orderId)
    .where('status', 'in', ['pending', 'timeout'])
    .execute();
}

/** Paid orders of a network with the transfer that paid each. */
export function paidOrders(db: Db, network: string) {
  return db
    .selectFrom('recharge_orders as o')
    .innerJoin('chain_transfers as t', 't.id', 'o.transfer_id')
    .select([
      'o.id',
      'o.order_no',
      'o.user_id',
      'o.amount_fen',
      'o.expires_at',
      't.id as transfer_id',
      't.tx_hash',
      't.log_index',
      't.usdt_micro',
      't.block_number',
    ])
    .where('o.status', '=', 'paid')
    .where('o.network', '=', network)
    .execute();
}

export async function setTransferStatus(
  db: Db,
  id: number,
  status: ChainTransferRow['status'],
  now: string,
): Promise<void> {
  await db.updateTable('chain_transfers').set({ status, updated_at: now }).where('id', '=', id).execute();
}

export async function setTransferBlock(db: Db, id: number, blockNumber: number, now: string): Promise<void> {
  await db
    .updateTable('chain_transfers')
    .set({ block_number: blockNumber, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A paid order whose transfer left the chain waits again (or times out); nothing else changes it. */
export async function unpayOrder(
  db: Db,
  id: number,
  status: 'pending' | 'timeout',
  now: string,
): Promise<void> {
  await db
    .updateTable('recharge_orders')
    .set({ status, paid_at: null, tx_hash: null, transfer_id: null, confirmations: 0, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .execute();
}

export async function setConfirmations(
  db: Db,
  id: number,
  confirmations: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('recharge_orders')
    .set({ confirmations, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .execute();
}

/** Confirms a paid order; false when it was no longer paid. */
export async function confirmOrder(db: Db, id: number, confirmations: number, now: string): Promise<boolean> {
  const done = await db
    .updateTable('recharge_orders')
    .set({ status: 'confirmed', confirmations, completed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Pending USDT orders past their deadline time out; returns how many. */
export async function expireOrders(db: Db, now: string): Promise<number> {
  const result = await db
    .updateTable('recharge_orders')
    .set({ status: 'timeout', updated_at: now })
    .where('method', '=', 'usdt')
    .where('status', '=', 'pending')
    .where('expires_at', '<', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Transfers that matched no order or arrived after theirs expired, oldest first. */
export function transfersNeedingOperator(db: Db) {
  return db
    .selectFrom('chain_transfers')
    .selectAll()
    .where('status', 'in', ['unmatched', 'late'])
    .orderBy('id')
    .execute();
}

/** A transfer with the order it was for (a late one: the order that had closed), for an operator's decision. */
export function transferForOperator(db: Db, id: number) {
  return db
    .selectFrom('chain_transfers as t')
    .leftJoin('recharge_orders as o', 'o.id', 't.order_id')
    .selectAll('t')
    .select(['o.order_no', 'o.user_id as order_user_id', 'o.rate as order_rate'])
    .where('t.id', '=', id)
    .executeTakeFirst();
}

/**
 * An operator's decision on an unmatched or late transfer, only while it is still one (a conditional update: of
 * parallel decisions exactly one changes the row); false when it was already decided.
 */
export async function resolveTransfer(
  db: Db,
  id: number,
  decision: {
    status: 'credited' | 'ignored';
    userId: number | null;
    by: number;
    note: string;
    at: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('chain_transfers')
    .set({
      status: decision.status,
      resolved_user_id: decision.userId,
      resolved_by: decision.by,
      resolved_at: decision.at,
      note: decision.note,
      updated_at: decision.at,
    })
    .where('id', '=', id)
    .where('status', 'in', ['unmatched', 'late'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
