import { fenToString, LOCALES, parseMoneyToFen } from '@portal/contract';
import type { Locale } from '@portal/contract';
import type { AdminPackage, packageAdminApi } from '@portal/contract/admin';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { DialectName } from '../../db/connection.js';
import { nowIso } from '../../db/time.js';
import type { Database, NewPackage, PackageRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { isForeignKeyViolation } from '../../lib/db-errors.js';
import type { StaffActor } from '../../lib/staff-actor.js';
import { recordAudit } from '../audit/audit-log.js';
import * as repo from './package-repository.js';
import { trialPackageId } from './trial.js';

type Input = z.output<typeof packageAdminApi.packageInput>;
type Texts = Record<Locale, string>;

const GB = 1024 ** 3;

/** Every language's name and description: the translations, falling back to the stored (base) text. */
function textsOf(row: Pick<PackageRow, 'name' | 'description' | 'translations'>): {
  name: Texts;
  description: Texts;
} {
  let stored: Partial<Record<Locale, { name?: string; description?: string }>> = {};
  try {
    stored = row.translations ? (JSON.parse(row.translations) as typeof stored) : {};
  } catch {
    stored = {};
  }
  const name = {} as Texts;
  const description = {} as Texts;
  for (const locale of LOCALES) {
    name[locale] = stored[locale]?.name || row.name;
    description[locale] = stored[locale]?.description ?? row.description;
  }
  return { name, description };
}

/** The nodes module's side of a package: the node groups it reaches (package_node_groups is theirs). */
export interface PackageReach {
  setPackageGroups(trx: Transaction<Database>, packageId: number, groupIds: number[]): Promise<number[]>;
  packageGroupIds(db: Kysely<Database>, packageIds: number[]): Promise<Map<number, number[]>>;
}

function toAdminPackage(row: repo.PackageWithStats, targets: number[], groups: number[]): AdminPackage {
  return {
    id: row.id,
    ...textsOf(row),
    type: row.type,
    validity_days: row.validity_days,
    price: fenToString(row.price_fen),
    traffic_gb: row.traffic_bytes === null ? null : Math.max(1, Math.round(row.traffic_bytes / GB)),
    device_limit: row.device_limit,
    speed_limit_mbps: row.speed_limit_mbps,
    traffic_reset: row.traffic_reset,
    popular: row.is_popular === 1,
    on_sale: row.on_sale === 1,
    sort_order: row.sort_order,
    upgrade_targets: targets,
    node_groups: groups,
    orders: row.orders,
    active_subscriptions: row.active_subscriptions,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** What the audit log keeps of a package: the fields staff edit. */
function auditState(p: AdminPackage): Record<string, unknown> {
  const { id: _id, orders: _o, active_subscriptions: _a, created_at: _c, updated_at: _u, ...state } = p;
  return state;
}

/** The row of an input (the base name and description are the zh_CN ones, as the demo seed stores them). */
function toRow(input: Input): Omit<NewPackage, 'created_at' | 'updated_at'> {
  return {
    name: input.name.zh_CN,
    description: input.description.zh_CN,
    translations: JSON.stringify(
      Object.fromEntries(LOCALES.map((l) => [l, { name: input.name[l], description: input.description[l] }])),
    ),
    type: input.type,
    validity_days: input.validity_days,
    price_fen: parseMoneyToFen(input.price),
    traffic_bytes: input.traffic_gb === null ? null : input.traffic_gb * GB,
    device_limit: input.device_limit,
    speed_limit_mbps: input.speed_limit_mbps,
    traffic_reset: input.traffic_reset,
    is_popular: input.popular ? 1 : 0,
    on_sale: input.on_sale ? 1 : 0,
  };
}

/**
 * The catalogue in the operators' console: packages created, edited, shown or hidden, ordered and deleted while
 * never sold; every write recorded in the audit log in its transaction. Orders keep what was paid, so a price
 * change touches no subscriber's past; renewals and upgrades pay the price of the day.
 */
export class PackageAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly reach: PackageReach,
  ) {}

  async list(db: Kysely<Database> = this.db): Promise<AdminPackage[]> {
    const rows = await repo.listPackagesWithStats(db);
    const ids = rows.map((r) => r.id);
    const [targets, groups] = await Promise.all([
      repo.upgradeTargetsOf(db, ids),
      this.reach.packageGroupIds(db, ids),
    ]);
    return rows.map((r) => toAdminPackage(r, targets.get(r.id) ?? [], groups.get(r.id) ?? []));
  }

  async get(id: number, db: Kysely<Database> = this.db): Promise<AdminPackage> {
    const [row] = await repo.listPackagesWithStats(db, id);
    if (!row) throw new AppError('PACKAGE_NOT_FOUND');
    const [targets, groups] = await Promise.all([
      repo.upgradeTargetsOf(db, [id]),
      this.reach.packageGroupIds(db, [id]),
    ]);
    return toAdminPackage(row, targets.get(id) ?? [], groups.get(id) ?? []);
  }

  create(input: Input, actor: StaffActor): Promise<AdminPackage> {
    return this.db.transaction().execute(async (trx) => {
      await this.checkTargets(trx, null, input.upgrade_targets);
      const now = nowIso();
      const id = await repo.insertPackage(trx, {
        ...toRow(input),
        sort_order: await repo.nextSortOrder(trx),
        created_at: now,
        updated_at: now,
      });
      await repo.replaceUpgradeTargets(trx, id, input.upgrade_targets);
      await this.reach.setPackageGroups(trx, id, input.node_groups);
      const created = await this.get(id, trx);
      await recordAudit(trx, actor, {
        action: 'package.create',
        targetType: 'package',
        targetId: id,
        before: null,
        after: auditState(created),
      });
      return created;
    });
  }

  update(id: number, input: Input, actor: StaffActor): Promise<AdminPackage> {
    return this.db.transaction().execute(async (trx) => {
      await repo.lockPackage(trx, id, this.dialect === 'postgres');
      const before = await this.get(id, trx);
      await this.checkTargets(trx, id, input.upgrade_targets);
      await repo.updatePackage(trx, id, { ...toRow(input), updated_at: nowIso() });
      await repo.replaceUpgradeTargets(trx, id, input.upgrade_targets);
      await this.reach.setPackageGroups(trx, id, input.node_groups);
      const after = await this.get(id, trx);
      await recordAudit(trx, actor, {
        action: 'package.update',
        targetType: 'package',
        targetId: id,
        before: auditState(before),
        after: auditState(after),
      });
      return after;
    });
  }

  setOnSale(id: number, onSale: boolean, actor: StaffActor): Promise<AdminPackage> {
    return this.db.transaction().execute(async (trx) => {
      await repo.lockPackage(trx, id, this.dialect === 'postgres');
      const before = await this.get(id, trx);
      await repo.updatePackage(trx, id, { on_sale: onSale ? 1 : 0, updated_at: nowIso() });
      await recordAudit(trx, actor, {
        action: onSale ? 'package.show' : 'package.hide',
        targetType: 'package',
        targetId: id,
        before: { on_sale: before.on_sale },
        after: { on_sale: onSale },
      });
      return { ...before, on_sale: onSale };
    });
  }

  /** The pricing page's order: `ids` must name every package once (a package added meanwhile: reload). */
  reorder(ids: number[], actor: StaffActor): Promise<AdminPackage[]> {
    return this.db.transaction().execute(async (trx) => {
      const all = await repo.allPackageIds(trx);
      const given = new Set(ids);
      if (given.size !== ids.length || given.size !== all.length || all.some((id) => !given.has(id)))
        throw new AppError('PACKAGE_ORDER_MISMATCH');
      const before = await this.list(trx);
      for (const [index, id] of ids.entries()) await repo.updatePackage(trx, id, { sort_order: index });
      await recordAudit(trx, actor, {
        action: 'package.reorder',
        targetType: 'package',
        targetId: null,
        before: { order: before.map((p) => p.id) },
        after: { order: ids },
      });
      return this.list(trx);
    });
  }

  /** Deletes a package nobody ever bought (PACKAGE_IN_USE otherwise, even when a purchase races the delete). */
  async remove(id: number, actor: StaffActor): Promise<null> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        await repo.lockPackage(trx, id, this.dialect === 'postgres');
        const before = await this.get(id, trx);
        if (await repo.wasSold(trx, id)) throw new AppError('PACKAGE_IN_USE');
        if ((await trialPackageId(trx)) === id) throw new AppError('PACKAGE_IS_TRIAL');
        await repo.deletePackage(trx, id);
        await recordAudit(trx, actor, {
          action: 'package.delete',
          targetType: 'package',
          targetId: id,
          before: auditState(before),
          after: null,
        });
        return null;
      });
    } catch (err) {
      // A subscription or order written between the check and the delete: the foreign key refuses it.
      if (isForeignKeyViolation(err)) throw new AppError('PACKAGE_IN_USE');
      throw err;
    }
  }

  private async checkTargets(db: Kysely<Database>, self: number | null, targets: number[]): Promise<void> {
    if (targets.length === 0) return;
    const found = await repo.existingPackageIds(db, targets);
    if ((self !== null && targets.includes(self)) || found.length !== new Set(targets).size)
      throw new AppError('PACKAGE_UPGRADE_TARGET_INVALID', { field: 'upgrade_targets' });
  }
}
