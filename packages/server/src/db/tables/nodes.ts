import type { NodeProtocol, NodeStatus } from '@portal/contract';
import type { Generated, Insertable, Selectable } from 'kysely';

/** Tables of nodes and their agents' reports (modules/nodes). */
export interface NodesTable {
  id: Generated<number>;
  name: string;
  region: string;
  country: string;
  city: string | null;
  /** JSON: { "<locale>": { "name": …, "city": … } }; name and city are the fallback */
  translations: string | null;
  host: string;
  port: number;
  protocol: NodeProtocol;
  /** JSON: transport and TLS settings, cipher for Shadowsocks */
  settings: Generated<string>;
  rate_percent: Generated<number>;
  inbound_rule_id: number | null;
  rule_name: string | null;
  status: Generated<NodeStatus>;
  load_percent: number | null;
  cpu_percent: number | null;
  mem_percent: number | null;
  latency_ms: number | null;
  last_heartbeat_at: string | null;
  /** SHA-256 of the agent's API token; null until an operator issues one */
  token_hash: string | null;
  disk_percent: number | null;
  online_users: Generated<number>;
  is_visible: Generated<number>;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
}
export interface NodeOnlineIpsTable {
  node_id: number;
  subscription_id: number;
  ip: string;
  reported_at: string;
  /** What the user moved through this node in its push before the report (bytes); the minimum compares with it */
  traffic_bytes: Generated<number>;
}

/** A node's latest traffic push: JSON { "<reported user id>": bytes } (migration 0022). */
export interface NodePushUsageTable {
  node_id: number;
  pushed_at: string;
  usage: string;
}

export interface NodeGroupsTable {
  id: Generated<number>;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface NodeGroupMembersTable {
  group_id: number;
  node_id: number;
}

/** The groups a package reaches; none: every node. Written by the nodes module (`setPackageGroups`). */
export interface PackageNodeGroupsTable {
  package_id: number;
  group_id: number;
}

export interface NodeTrafficDailyTable {
  node_id: number;
  /** YYYY-MM-DD in UTC */
  day: string;
  upload: Generated<number>;
  download: Generated<number>;
}

/** One counted traffic push of a node (its deltas' digest), kept for the duplicate window (migration 0020). */
export interface NodePushReceiptsTable {
  node_id: number;
  digest: string;
  received_at: string;
}

/**
 * The version of the agents' user lists: one row (id 1), bumped by triggers on the tables a list is made of
 * (migration 0024); read with each agent's authentication.
 */
export interface UserListVersionTable {
  id: number;
  version: number;
  /** The change log (`user_list_changes`) holds every change of the versions above this one (migration 0028). */
  log_from: number;
}

/** What each version changed (migration 0028): a subscription whose served state may differ, or null: a reach change. */
export interface UserListChangesTable {
  version: number;
  subscription_id: number | null;
}

export interface NodeTables {
  nodes: NodesTable;
  node_online_ips: NodeOnlineIpsTable;
  node_groups: NodeGroupsTable;
  node_group_members: NodeGroupMembersTable;
  package_node_groups: PackageNodeGroupsTable;
  node_traffic_daily: NodeTrafficDailyTable;
  node_push_receipts: NodePushReceiptsTable;
  node_push_usage: NodePushUsageTable;
  user_list_version: UserListVersionTable;
  user_list_changes: UserListChangesTable;
}

export type NodeRow = Selectable<NodesTable>;
export type NewNode = Insertable<NodesTable>;
