import { sql } from 'kysely';
import type { Db, NewPackage, PackageRow } from '../../db/types.js';

/** The catalogue's SQL for the operators' console (the customers' reads are in repository.ts). */

export type PackageWithStats = PackageRow & { orders: number; active_subscriptions: number };

/** Every package in the pricing page's order, with its paid orders and active subscriptions (both indexed). */
export function listPackagesWithStats(db: Db, id?: number): Promise<PackageWithStats[]> {
  let query = db
    .selectFrom('packages as p')
    .selectAll('p')
    .select((eb) => [
      eb
        .selectFrom('subscription_orders as o')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('o.package_id', '=', 'p.id')
        .as('orders'),
      eb
        .selectFrom('subscriptions as s')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('s.package_id', '=', 'p.id')
        .where('s.status', '=', 'active')
        .as('active_subscriptions'),
    ])
    .orderBy('p.sort_order')
    .orderBy('p.id');
  if (id !== undefined) query = query.where('p.id', '=', id);
  return query.execute().then((rows) =>
    rows.map((r) => ({
      ...r,
      orders: Number(r.orders ?? 0),
      active_subscriptions: Number(r.active_subscriptions ?? 0),
    })),
  );
}

/** The upgrade targets of these packages, by package. */
export async function upgradeTargetsOf(db: Db, packageIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (packageIds.length === 0) return out;
  const rows = await db
    .selectFrom('package_upgrade_targets')
    .select(['package_id', 'target_id'])
    .where('package_id', 'in', [...new Set(packageIds)])
    .orderBy('package_id')
    .orderBy('target_id')
    .execute();
  for (const row of rows) out.set(row.package_id, [...(out.get(row.package_id) ?? []), row.target_id]);
  return out;
}

export async function replaceUpgradeTargets(db: Db, packageId: number, targetIds: number[]): Promise<void> {
  await db.deleteFrom('package_upgrade_targets').where('package_id', '=', packageId).execute();
  const unique = [...new Set(targetIds)];
  if (unique.length > 0)
    await db
      .insertInto('package_upgrade_targets')
      .values(unique.map((target_id) => ({ package_id: packageId, target_id })))
      .execute();
}

export async function existingPackageIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('packages')
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((r) => r.id);
}

export async function allPackageIds(db: Db): Promise<number[]> {
  return (await db.selectFrom('packages').select('id').execute()).map((r) => r.id);
}

export async function insertPackage(db: Db, row: NewPackage): Promise<number> {
  const inserted = await db.insertInto('packages').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function nextSortOrder(db: Db): Promise<number> {
  const row = await db
    .selectFrom('packages')
    .select(sql<number | null>`max(sort_order)`.as('last'))
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export async function updatePackage(db: Db, id: number, values: Partial<NewPackage>): Promise<boolean> {
  const result = await db.updateTable('packages').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether anyone ever bought it: an order or a subscription refers to it. */
export async function wasSold(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('packages as p')
    .select((eb) => [
      eb.exists(eb.selectFrom('subscription_orders').select('id').where('package_id', '=', id)).as('ordered'),
      eb.exists(eb.selectFrom('subscriptions').select('id').where('package_id', '=', id)).as('subscribed'),
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
  return Boolean(row && (Number(row.ordered) || Number(row.subscribed)));
}

export async function deletePackage(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('packages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Locks the package row until the transaction ends (PostgreSQL; SQLite writes one at a time anyway). */
export async function lockPackage(db: Db, id: number, postgres: boolean): Promise<void> {
  if (postgres) await db.selectFrom('packages').select('id').where('id', '=', id).forUpdate().execute();
}
