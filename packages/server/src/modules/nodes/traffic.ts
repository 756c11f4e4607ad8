import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import * as repo from './repository.js';

/** Bytes an agent counted for one subscription since its previous push. */
export interface TrafficDelta {
  subscriptionId: number;
  upload: number;
  download: number;
}

export interface TrafficResult {
  /** Subscriptions that were charged */
  counted: number;
  /** Subscriptions this push took over their limit (now suspended) */
  suspended: number[];
}

const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Bytes after a node's multiplier (rate_percent 150 = 1.5x), rounded to whole bytes. */
export function applyRate(bytes: number, ratePercent: number): number {
  return Math.round((bytes * ratePercent) / 100);
}

/**
 * Traffic accounting. Agents push deltas, so every push is added as sent (a repeated push counts twice, as the agent
 * meant). One transaction per push: each subscription's total grows by an atomic increment (concurrent pushes from
 * several nodes add up exactly), the day's row grows the same way (and the node's day in node_traffic_daily), and whoever crossed their limit is suspended,
 * which takes them off every node's user list.
 */
export async function recordTraffic(
  db: Kysely<Database>,
  node: { id: number; rate_percent: number },
  deltas: TrafficDelta[],
  at: Date = new Date(),
): Promise<TrafficResult> {
  const nonZero = deltas.filter((d) => d.upload > 0 || d.download > 0);
  if (nonZero.length === 0) return { counted: 0, suspended: [] };
  return db.transaction().execute(async (trx) => {
    const targets = await resolveLive(
      trx,
      nonZero.map((d) => d.subscriptionId),
    );
    // Several reported ids can lead to one live subscription (an upgrade hands its UUID on).
    const totals = new Map<number, { userId: number; upload: number; download: number }>();
    for (const d of nonZero) {
      const target = targets.get(d.subscriptionId);
      if (!target) continue;
      const t = totals.get(target.id) ?? { userId: target.userId, upload: 0, download: 0 };
      t.upload += applyRate(d.upload, node.rate_percent);
      t.download += applyRate(d.download, node.rate_percent);
      totals.set(target.id, t);
    }
    const now = at.toISOString();
    const day = now.slice(0, 10);
    // One statement per chunk for the totals and one for the days, in id order (rows are locked in the same order
    // by every push, so concurrent pushes from several nodes wait for each other instead of deadlocking).
    const ordered = [...totals.entries()].sort(([a], [b]) => a - b);
    for (const part of chunks(ordered)) await repo.addTraffic(trx, part, day, now);
    // The node's own day: what its users were charged (after its rate), for the console's per-node chart.
    let upload = 0;
    let download = 0;
    for (const t of totals.values()) {
      upload += t.upload;
      download += t.download;
    }
    if (upload > 0 || download > 0) await repo.addNodeTraffic(trx, node.id, day, upload, download);
    const suspended: number[] = [];
    for (const ids of chunks([...totals.keys()])) suspended.push(...(await repo.suspendUsedUp(trx, ids)));
    return { counted: totals.size, suspended };
  });
}

/** Maps reported subscription ids to the subscription that now holds their credential (following upgrades). */
async function resolveLive(
  trx: Transaction<Database>,
  ids: number[],
): Promise<Map<number, { id: number; userId: number }>> {
  const rows = new Map<number, { id: number; user_id: number; status: string; upgraded_to: number | null }>();
  let wanted = [...new Set(ids)];
  for (let depth = 0; depth < 8 && wanted.length > 0; depth++) {
    const next: number[] = [];
    for (const part of chunks(wanted)) {
      const found = await repo.subscriptionLinks(trx, part);
      for (const r of found) {
        rows.set(r.id, r);
        if (r.status === 'upgraded' && r.upgraded_to !== null && !rows.has(r.upgraded_to))
          next.push(r.upgraded_to);
      }
    }
    wanted = next;
  }
  const out = new Map<number, { id: number; userId: number }>();
  for (const id of new Set(ids)) {
    let r = rows.get(id);
    for (let hops = 0; r && r.status === 'upgraded' && r.upgraded_to !== null && hops < 8; hops++)
      r = rows.get(r.upgraded_to);
    if (r && r.status !== 'upgraded') out.set(id, { id: r.id, userId: r.user_id });
  }
  return out;
}
