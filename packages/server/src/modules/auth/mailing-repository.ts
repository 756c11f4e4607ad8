import type { Db } from '../../db/types.js';

/** The segment mailings staff plan (modules/auth/segment-mailing.ts): every line of their SQL. */

export async function insertMailing(
  db: Db,
  row: {
    created_by: number;
    segment: string;
    texts: string;
    max_user_id: number;
    planned: number;
    now: string;
  },
): Promise<number> {
  const { now, ...values } = row;
  const inserted = await db
    .insertInto('segment_mailings')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function pendingMailingIds(db: Db): Promise<{ id: number }[]> {
  return db
    .selectFrom('segment_mailings')
    .select('id')
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
}

export function pendingMailing(db: Db, id: number) {
  return db
    .selectFrom('segment_mailings')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** Moves the cursor from `from` to `to`, counting the mails; false when another run moved it first. */
export async function advanceMailing(
  db: Db,
  id: number,
  move: { from: number; to: number; sent: number },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('segment_mailings')
    .set((eb) => ({ last_user_id: move.to, sent: eb('sent', '+', move.sent), updated_at: now }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('last_user_id', '=', move.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function finishMailing(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable('segment_mailings')
    .set({ status: 'done', finished_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Mailings newest first after the cursor, `size + 1` rows (the extra one says there is a next page), with who planned each. */
export function listMailings(db: Db, page: { before?: number | undefined; size: number }) {
  let q = db
    .selectFrom('segment_mailings as m')
    .leftJoin('users as u', 'u.id', 'm.created_by')
    .select([
      'm.id',
      'm.segment',
      'm.texts',
      'm.status',
      'm.planned',
      'm.sent',
      'm.created_at',
      'm.finished_at',
      'u.email as created_by_email',
    ]);
  if (page.before !== undefined) q = q.where('m.id', '<', page.before);
  return q
    .orderBy('m.id', 'desc')
    .limit(page.size + 1)
    .execute();
}
