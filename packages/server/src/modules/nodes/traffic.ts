import { createHash } from 'node:crypto';
import { NODES } from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { trafficUsedUp } from '../subscriptions/servable.js';
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
  /** The same deltas from this node were counted moments ago: acknowledged, not counted again */
  repeat: boolean;
}

/**
 * How long a push's receipt is kept: two push intervals. An agent that got no answer (a timeout) sends the same
 * deltas again within seconds (its HTTP client's retries) or with its next report (a minute later).
 */
export const PUSH_REPEAT_WINDOW_MS = 2 * NODES.agentPushSeconds * 1000;

/** The deltas' fingerprint: every reported subscription with its bytes, in id order (JSON key order aside). */
export function pushDigest(deltas: TrafficDelta[]): string {
  const rows = deltas
    .map((d) => [d.subscriptionId, d.upload, d.download])
    .sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!);
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

/**
 * What each reported user moved through the node in this push (upload + download, before the node's rate: the
 * minimum of traffic for a device is about real use, not billing). Kept as the node's latest push, one row, for the
 * device count (agent-service.ts `alive`).
 */
export function pushUsage(deltas: TrafficDelta[]): Record<number, number> {
  const usage: Record<number, number> = {};
  for (const d of deltas) usage[d.subscriptionId] = (usage[d.subscriptionId] ?? 0) + d.upload + d.download;
  return usage;
}

/** Bytes after a node's multiplier (rate_percent 150 = 1.5x), rounded to whole bytes. */
export function applyRate(bytes: number, ratePercent: number): number {
  return Math.round((bytes * ratePercent) / 100);
}

/**
 * Traffic accounting. Agents push deltas, and retry a push whose answer they missed, so a push whose deltas equal
 * one this node pushed within the repeat window (the same subscriptions with the same bytes: by chance only for
 * traffic that repeats byte for byte) is acknowledged and not counted again; its receipt is taken in the same
 * transaction as the counting, so of two copies at once one counts. A retry that merges missed deltas with new
 * ones cannot be told from new traffic (the protocol carries no request id) and counts as sent. One transaction per
 * push: each subscription's total grows by an atomic increment (concurrent pushes from
 * several nodes add up exactly), the day's row grows the same way (and the node's day in node_traffic_daily), and whoever crossed their limit is suspended,
 * which takes them off every node's user list. Who crosses it is known before writing (their rows were read, and on
 * PostgreSQL locked, with their usage), so the suspension is a statement only when someone does.
 */
export async function recordTraffic(
  db: Kysely<Database>,
  node: { id: number; rate_percent: number },
  deltas: TrafficDelta[],
  at: Date = new Date(),
): Promise<TrafficResult> {
  const nonZero = deltas.filter((d) => d.upload > 0 || d.download > 0);
  const received = at.toISOString();
  if (nonZero.length === 0) {
    // Nobody moved anything: no address of this node counts as a device until its next push says otherwise.
    await repo.savePushUsage(db, node.id, {}, received);
    return { counted: 0, suspended: [], repeat: false };
  }
  const digest = pushDigest(nonZero);
  return db.transaction().execute(async (trx) => {
    await repo.pruneReceipts(trx, node.id, new Date(at.getTime() - PUSH_REPEAT_WINDOW_MS).toISOString());
    if (!(await repo.takeReceipt(trx, node.id, digest, received)))
      return { counted: 0, suspended: [], repeat: true };
    await repo.savePushUsage(trx, node.id, pushUsage(nonZero), received);
    const targets = await resolveLive(
      trx,
      nonZero.map((d) => d.subscriptionId),
    );
    // Several reported ids can lead to one live subscription (an upgrade hands its UUID on).
    const totals = new Map<number, { userId: number; upload: number; download: number }>();
    const live = new Map<number, repo.SubscriptionLink>();
    for (const d of nonZero) {
      const target = targets.get(d.subscriptionId);
      if (!target) continue;
      live.set(target.id, target);
      const t = totals.get(target.id) ?? { userId: target.user_id, upload: 0, download: 0 };
      t.upload += applyRate(d.upload, node.rate_percent);
      t.download += applyRate(d.download, node.rate_percent);
      totals.set(target.id, t);
    }
    const now = at.toISOString();
    const day = now.slice(0, 10);
    // Rows were locked in id order when they were read (resolveLive), so concurrent pushes wait, never deadlock.
    const ordered = [...totals.entries()].sort(([a], [b]) => a - b);
    if (ordered.length > 0) await repo.addTraffic(trx, ordered, day, now);
    // The node's own day: what its users were charged (after its rate), for the console's per-node chart.
    let upload = 0;
    let download = 0;
    for (const t of totals.values()) {
      upload += t.upload;
      download += t.download;
    }
    if (upload > 0 || download > 0) await repo.addNodeTraffic(trx, node.id, day, upload, download);
    // Active subscriptions whose usage after this push reaches their limit (or had reached it: a limit lowered by
    // staff). The statement checks again; the rows cannot have changed since they were read in this transaction.
    const usedUp = ordered
      .filter(([id, t]) => {
        const row = live.get(id)!;
        return (
          row.status === 'active' &&
          trafficUsedUp({
            traffic_limit: row.traffic_limit,
            traffic_used: row.traffic_used + t.upload + t.download,
          })
        );
      })
      .map(([id]) => id);
    const suspended = usedUp.length > 0 ? await repo.suspendUsedUp(trx, usedUp) : [];
    return { counted: totals.size, suspended, repeat: false };
  });
}

/**
 * Maps reported subscription ids to the row of the subscription that now holds their credential (following
 * upgrades), with its usage before this push.
 */
async function resolveLive(
  trx: Transaction<Database>,
  ids: number[],
): Promise<Map<number, repo.SubscriptionLink>> {
  const rows = new Map<number, repo.SubscriptionLink>();
  let wanted = [...new Set(ids)];
  for (let depth = 0; depth < 8 && wanted.length > 0; depth++) {
    const next: number[] = [];
    for (const r of await repo.subscriptionLinks(trx, wanted)) {
      rows.set(r.id, r);
      if (r.status === 'upgraded' && r.upgraded_to !== null && !rows.has(r.upgraded_to))
        next.push(r.upgraded_to);
    }
    wanted = next;
  }
  const out = new Map<number, repo.SubscriptionLink>();
  for (const id of new Set(ids)) {
    let r = rows.get(id);
    for (let hops = 0; r && r.status === 'upgraded' && r.upgraded_to !== null && hops < 8; hops++)
      r = rows.get(r.upgraded_to);
    if (r && r.status !== 'upgraded') out.set(id, r);
  }
  return out;
}
