import type { StaffRole, UserRole } from '@portal/contract';
import { STAFF_ROLES } from '@portal/contract';
import { nowIso } from '../../db/time.js';
import type { DialectName } from '../../db/connection.js';
import type { Database, Db } from '../../db/types.js';
import type { Transaction } from 'kysely';

const MEMBER_COLUMNS = ['id', 'email', 'nickname', 'role', 'last_login_at', 'created_at'] as const;

/** Every staff member (partial index users_staff), by id. */
export function listStaff(db: Db) {
  return db
    .selectFrom('users')
    .select(MEMBER_COLUMNS)
    .where('role', '<>', 'user') // the partial index's own condition, so it is used
    .where('role', 'in', [...STAFF_ROLES])
    .orderBy('id')
    .execute();
}

export function findAccount(db: Db, where: { id: number } | { email: string }) {
  const q = db.selectFrom('users').select(MEMBER_COLUMNS);
  return (
    'id' in where ? q.where('id', '=', where.id) : q.where('email', '=', where.email)
  ).executeTakeFirst();
}

/**
 * The owners, locked for the rest of the transaction on PostgreSQL (SELECT … FOR UPDATE): two owners taking the
 * role from each other at once are then done one after the other, and the second sees one owner left. SQLite runs
 * one write transaction at a time.
 */
export function lockOwners(trx: Transaction<Database>, dialect: DialectName) {
  const q = trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'owner' satisfies StaffRole);
  return (dialect === 'postgres' ? q.forUpdate() : q).execute();
}

export async function setRole(db: Db, id: number, role: UserRole): Promise<void> {
  await db.updateTable('users').set({ role, updated_at: nowIso() }).where('id', '=', id).execute();
}
