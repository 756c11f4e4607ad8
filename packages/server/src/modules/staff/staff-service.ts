import type { StaffRole, UserRole } from '@portal/contract';
import type { StaffMe, StaffMember } from '@portal/contract/admin';
import { emailLookupForm, isStaffRole, ROLE_PERMISSIONS } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { Database, UserRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { StaffActor } from '../../lib/staff-actor.js';
import { recordAudit } from '../audit/audit-log.js';
import * as repo from './repository.js';

type MemberRow = NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>;

function toMember(row: MemberRow & { role: StaffRole }): StaffMember {
  return { ...row };
}

/** Who is signed in to the console, and the staff: their list and roles (owners only). */
export class StaffService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  me(user: UserRow): StaffMe {
    const permissions = isStaffRole(user.role) ? [...ROLE_PERMISSIONS[user.role]] : [];
    return { id: user.id, email: user.email, nickname: user.nickname, role: user.role, permissions };
  }

  async list(): Promise<StaffMember[]> {
    const rows = await repo.listStaff(this.db);
    return rows.flatMap((row) => (isStaffRole(row.role) ? [toMember({ ...row, role: row.role })] : []));
  }

  /** An existing account becomes staff with a role (USER_NOT_FOUND when no account has the address). */
  async add(email: string, role: StaffRole, actor: StaffActor): Promise<StaffMember> {
    const found = await repo.findAccount(this.db, { email: emailLookupForm(email) });
    if (!found) throw new AppError('USER_NOT_FOUND');
    const member = await this.change(found.id, role, actor, 'staff.add');
    return member!;
  }

  /** A new role for a staff member, 'user' to make them a customer; the last owner keeps the role. */
  setRole(id: number, role: UserRole, actor: StaffActor): Promise<StaffMember | null> {
    return this.change(id, role, actor, 'staff.role');
  }

  private async change(
    id: number,
    role: UserRole,
    actor: StaffActor,
    action: string,
  ): Promise<StaffMember | null> {
    return this.db.transaction().execute(async (trx) => {
      const owners = await repo.lockOwners(trx, this.dialect);
      const before = await repo.findAccount(trx, { id });
      if (!before || (action === 'staff.role' && !isStaffRole(before.role)))
        throw new AppError('STAFF_NOT_FOUND');
      if (before.role === 'owner' && role !== 'owner' && owners.length <= 1)
        throw new AppError('STAFF_LAST_OWNER');
      if (before.role !== role) {
        await repo.setRole(trx, id, role);
        await recordAudit(trx, actor, {
          action,
          targetType: 'user',
          targetId: id,
          before: { role: before.role },
          after: { role },
        });
      }
      return isStaffRole(role) ? toMember({ ...before, role }) : null;
    });
  }
}
