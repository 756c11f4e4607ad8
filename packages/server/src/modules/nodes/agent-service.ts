import type { Kysely } from 'kysely';
import { isoAfter, nowIso } from '../../db/time.js';
import type { Database, NodeRow } from '../../db/types.js';
import { tokenMatches } from './node-tokens.js';
import * as repo from './repository.js';
import { recordTraffic, type TrafficDelta, type TrafficResult } from './traffic.js';

/** Agents that call the API more often than this do not rewrite the heartbeat each time. */
const HEARTBEAT_WRITE_MS = 10_000;

/** What the agents on the proxy servers may do: authenticate, read their users, report traffic, devices, status. */
export class AgentService {
  constructor(private readonly db: Kysely<Database>) {}

  /** The node whose token and protocol these are, with the call counted as a heartbeat; null otherwise. */
  async authenticate(nodeId: number, token: string, protocol: string): Promise<NodeRow | null> {
    const node = nodeId > 0 && token ? await repo.findNode(this.db, nodeId) : undefined;
    if (!node || !tokenMatches(token, node.token_hash) || protocol !== node.protocol) return null;
    if (!node.last_heartbeat_at || node.last_heartbeat_at < isoAfter(-HEARTBEAT_WRITE_MS))
      await repo.heartbeat(this.db, node.id, nowIso());
    return node;
  }

  /** The node's users; none for a disabled node (it is not served). */
  async users(node: NodeRow) {
    if (node.is_visible !== 1) return [];
    const rows = await repo.servedUsers(this.db, nowIso(), node.id);
    return rows.map((r) => ({
      id: r.id,
      uuid: r.uuid,
      speed_limit: r.speed_limit_mbps ?? 0,
      device_limit: r.device_limit,
    }));
  }

  push(node: NodeRow, deltas: TrafficDelta[]): Promise<TrafficResult> {
    return recordTraffic(this.db, node, deltas);
  }

  /** The report replaces the node's previous one: who is online now, not who ever was. */
  async alive(node: NodeRow, rows: { subscription_id: number; ip: string }[]): Promise<void> {
    const now = nowIso();
    await this.db.transaction().execute((trx) => repo.replaceOnlineIps(trx, node.id, rows, now));
  }

  async aliveList(): Promise<Record<string, number>> {
    const rows = await repo.onlineDevices(this.db);
    return Object.fromEntries(rows.map((r) => [String(r.subscription_id), Number(r.n)]));
  }

  status(
    node: NodeRow,
    figures: { cpu: number | null; mem: number | null; disk: number | null; load: number | null },
  ): Promise<void> {
    return repo.saveStatus(this.db, node.id, figures);
  }
}
