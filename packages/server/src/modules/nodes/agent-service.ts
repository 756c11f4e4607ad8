import { createHash } from 'node:crypto';
import { NODES } from '@portal/contract';
import type { Kysely } from 'kysely';
import { isoAfter, nowIso } from '../../db/time.js';
import type { Database, NodeRow } from '../../db/types.js';
import type { ListVersionWatch } from '../../lib/list-version-watch.js';
import { AgentNodes } from './agent-nodes.js';
import { loadAgentSettings, type AgentSettings } from './agent-settings.js';
import { tokenMatches } from './node-tokens.js';
import * as repo from './repository.js';
import { recordTraffic, type TrafficDelta, type TrafficResult } from './traffic.js';
import { UserLists, type AgentNode, type UserList } from './user-lists.js';

/** The id of a node's stand-in user: the largest id the databases hold, above any subscription's for years. */
export const STAND_IN_USER_ID = 2_147_483_647;

/**
 * The stand-in user of a node with no users: a UUID derived from the node's token hash (stable, so the list's ETag is
 * too, and known to nobody who could connect with it), no speed limit, one device. Traffic reported for it reaches
 * no subscription and is ignored.
 */
export function standInUser(node: Pick<NodeRow, 'id' | 'token_hash'>) {
  const hex = createHash('sha256')
    .update(`stand-in:${node.id}:${node.token_hash ?? ''}`)
    .digest('hex');
  // RFC 4122 version 4 and variant bits, so every agent parses it as a UUID.
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return { id: STAND_IN_USER_ID, uuid, speed_limit: 0, device_limit: 1 };
}

/** A node's latest push counts for the device minimum while younger than two push intervals. */
const USAGE_FRESH_MS = 2 * NODES.agentPushSeconds * 1000;

/** Agents that call the API more often than this do not rewrite the heartbeat each time. */
const HEARTBEAT_WRITE_MS = 10_000;

/** What the agents on the proxy servers may do: authenticate, read their users, report traffic, devices, status. */
export class AgentService {
  private readonly lists: UserLists;
  private readonly nodes: AgentNodes;

  constructor(
    private readonly db: Kysely<Database>,
    listVersion: ListVersionWatch,
  ) {
    this.lists = new UserLists(db);
    this.nodes = new AgentNodes(db, listVersion);
  }

  /**
   * The node whose token and protocol these are, with the version of the user lists and the call counted as a
   * heartbeat; null otherwise. Both from memory while they stand (agent-nodes.ts).
   */
  async authenticate(nodeId: number, token: string, protocol: string): Promise<AgentNode | null> {
    const node = nodeId > 0 && token ? await this.nodes.find(nodeId) : undefined;
    if (!node || !tokenMatches(token, node.token_hash) || protocol !== node.protocol) return null;
    if (!node.last_heartbeat_at || node.last_heartbeat_at < isoAfter(-HEARTBEAT_WRITE_MS)) {
      const now = nowIso();
      await repo.heartbeat(this.db, node.id, now);
      this.nodes.heartbeatWritten(node.id, now);
    }
    return node;
  }

  /**
   * The node's users, built once per change and shared (user-lists.ts); null for a disabled node (it is not served)
   * and for a list with nobody: see `standIn`.
   */
  async userList(node: AgentNode): Promise<UserList | null> {
    const list = await this.lists.forNode(node);
    return list && !list.empty ? list : null;
  }

  /**
   * What a node without users gets. Neither XrayR nor V2bX ever applies an empty list (at start it is an error,
   * later "no change": the users it had keep their access), so such a node gets one stand-in user instead, whom
   * nobody can use: the agents replace their list and drop everyone else.
   */
  standIn(node: NodeRow): { users: ReturnType<typeof standInUser>[] } {
    return { users: [standInUser(node)] };
  }

  /** The operators' settings every node's agent applies (its rules go into each config). */
  settings(): Promise<AgentSettings> {
    return loadAgentSettings(this.db);
  }

  push(node: NodeRow, deltas: TrafficDelta[]): Promise<TrafficResult> {
    return recordTraffic(this.db, node, deltas);
  }

  /**
   * The report replaces the node's previous one: who is online now, not who ever was. Each address carries what its
   * user moved through this node in the node's latest push (nothing when that push is older than two push
   * intervals: the agents leave idle users out of their pushes, and may skip an empty one); the operators' minimum is
   * compared with it when counting, so a change of the minimum applies at once.
   */
  async alive(node: NodeRow, rows: { subscription_id: number; ip: string }[]): Promise<void> {
    const usage = await repo.pushUsage(this.db, node.id);
    let moved: Record<string, number> = {};
    if (usage && usage.pushed_at >= isoAfter(-USAGE_FRESH_MS)) {
      try {
        moved = JSON.parse(usage.usage) as Record<string, number>;
      } catch {
        moved = {};
      }
    }
    const now = nowIso();
    const counted = rows.map((r) => ({ ...r, traffic_bytes: Number(moved[r.subscription_id] ?? 0) }));
    await this.db.transaction().execute((trx) => repo.replaceOnlineIps(trx, node.id, counted, now));
  }

  /**
   * `alivelist` for this node: each user it serves whose device limit is set, with the distinct addresses online
   * across ALL nodes (reports younger than the offline cutoff, above the minimum of traffic). V2bX refuses a new
   * address when the limit is <= this count, so the limit holds panel-wide. Only this node's users with a limit:
   * the agent looks up nobody else, and the answer stays as small as the node's own online users.
   */
  async aliveList(node: NodeRow): Promise<Record<string, number>> {
    const { deviceMinTrafficKb } = await loadAgentSettings(this.db);
    const rows = await repo.onlineCounts(
      this.db,
      node.id,
      nowIso(),
      isoAfter(-NODES.offlineAfterMs),
      deviceMinTrafficKb * 1024,
    );
    return Object.fromEntries(rows.map((r) => [String(r.id), Number(r.n)]));
  }

  status(
    node: NodeRow,
    figures: { cpu: number | null; mem: number | null; disk: number | null; load: number | null },
  ): Promise<void> {
    return repo.saveStatus(this.db, node.id, figures);
  }
}
