import { LOCALES, NODES, type TrafficDay } from '@portal/contract';
import {
  hysteria2Input,
  NODE_LIMITS,
  parseHopPorts,
  tuicInput,
  type AdminNode,
  type AgentConfig,
  type NodeGroup,
  type NodeInputParsed,
} from '@portal/contract/admin';
import type { Kysely, Transaction } from 'kysely';
import { randomBytes } from 'node:crypto';
import { isoAfter, nowIso } from '../../db/time.js';
import type { Database, Db, NodeRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import { toPage, type Page, type PageQuery } from '../../lib/paginate.js';
import type { StaffActor } from '../../lib/staff-actor.js';
import { recordAudit } from '../audit/audit-log.js';
import { TOKEN_PLACEHOLDER, v2bxNodeEntry, xrayrNodeEntry } from './agent-config.js';
import * as repo from './admin-repository.js';
import { findNode, insertNode } from './repository.js';
import {
  nodeSettings,
  type Hysteria2Settings,
  type NodeSettings,
  type RealitySettings,
  type SsPlugin,
} from './node-settings.js';
import { isSs2022, newServerKey, serverKeyFits } from './ss2022.js';
import { newShortId, realityKeyPair } from './reality-keys.js';
import { effectiveStatus } from './node-service.js';
import { issueNodeToken } from './node-tokens.js';

type Translations = Record<string, { name: string | null; city: string | null }>;

function parseTranslations(raw: string | null): Translations {
  try {
    const parsed = raw ? (JSON.parse(raw) as Record<string, { name?: unknown; city?: unknown }>) : {};
    const out: Translations = {};
    for (const locale of LOCALES) {
      const t = parsed[locale];
      const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
      if (t && (str(t.name) || str(t.city))) out[locale] = { name: str(t.name), city: str(t.city) };
    }
    return out;
  } catch {
    return {};
  }
}

/** The settings column as the agents' API reads it (node-settings.ts), from the console's fields. */
function settingsOf(input: NodeInputParsed, previous: NodeSettings | null): Record<string, unknown> {
  // The contract allowed a path, a Host, a service name or a mode only where the transport has them.
  return {
    network: input.network,
    ...(input.network === 'tcp' && input.tcp_header === 'http' ? { header: 'http' } : {}),
    ...(input.path ? { path: input.path } : {}),
    ...(input.ws_host ? { host: input.ws_host } : {}),
    ...(input.network === 'grpc' && input.service_name ? { service_name: input.service_name } : {}),
    ...(input.network === 'xhttp' ? { xhttp_mode: input.xhttp_mode } : {}),
    tls: input.tls,
    ...(input.tls && input.sni ? { sni: input.sni } : {}),
    ...(input.flow ? { flow: input.flow } : {}),
    ...(input.reality ? { reality: realitySettingsOf(input.reality, previous?.reality ?? null) } : {}),
    ...(input.protocol === 'shadowsocks' && input.cipher ? { cipher: input.cipher } : {}),
    // Shadowsocks 2022: the node's server key, kept while its length fits the cipher, else a new one.
    ...(input.protocol === 'shadowsocks' && input.cipher && isSs2022(input.cipher)
      ? {
          server_key: serverKeyFits(previous?.serverKey ?? null, input.cipher)
            ? previous!.serverKey
            : newServerKey(input.cipher),
        }
      : {}),
    ...(input.protocol === 'shadowsocks' && input.ss_plugin
      ? { plugin: ssPluginSettingsOf(input.ss_plugin) }
      : {}),
    ...quicSettingsOf(input, previous),
  };
}

/** A Shadowsocks plugin as saved (node-settings.ts reads it back as `ssPlugin`). */
function ssPluginSettingsOf(p: NonNullable<NodeInputParsed['ss_plugin']>): SsPlugin {
  return p.type === 'obfs'
    ? { type: 'obfs', mode: p.mode, host: p.host ?? null }
    : { type: 'v2ray-plugin', mode: 'websocket', tls: p.tls, host: p.host ?? null, path: p.path ?? null };
}

/**
 * Hysteria2's and TUIC's settings as saved (absent from the input: the defaults). A salamander password left empty
 * is the node's, else a new one (22 base64url characters from 16 random bytes).
 */
function quicSettingsOf(input: NodeInputParsed, previous: NodeSettings | null): Record<string, unknown> {
  if (input.protocol === 'hysteria2') {
    const h = hysteria2Input.parse(input.hysteria2 ?? {});
    const kept: Hysteria2Settings | null = previous?.hysteria2 ?? null;
    return {
      hysteria2: {
        obfs: h.obfs,
        ...(h.obfs === 'salamander'
          ? { obfs_password: h.obfs_password ?? kept?.obfsPassword ?? randomBytes(16).toString('base64url') }
          : {}),
        up_mbps: h.up_mbps,
        down_mbps: h.down_mbps,
        ignore_client_bandwidth: h.ignore_client_bandwidth,
        // Written the one way clients read it: "443,20000-30000", no spaces.
        ...(h.hop_ports
          ? {
              hop_ports: parseHopPorts(h.hop_ports)!
                .map(([first, last]) => (first === last ? String(first) : `${first}-${last}`))
                .join(','),
            }
          : {}),
        allow_insecure: h.allow_insecure,
      },
    };
  }
  if (input.protocol === 'tuic') return { tuic: tuicInput.parse(input.tuic ?? {}) };
  return {};
}

/**
 * Reality as saved: the operator's private key, else the one the node had, else a new pair (the public key always
 * derived from the private one); the short ids given, else the node's, else a new one.
 */
function realitySettingsOf(
  r: NonNullable<NodeInputParsed['reality']>,
  previous: RealitySettings | null,
): Record<string, unknown> {
  const keys = realityKeyPair(r.private_key ?? previous?.privateKey ?? null);
  const shortIds =
    r.short_ids.length > 0 ? r.short_ids : previous?.shortIds.length ? previous.shortIds : [newShortId()];
  return {
    dest: r.dest,
    dest_port: r.dest_port,
    private_key: keys.privateKey,
    public_key: keys.publicKey,
    short_ids: shortIds,
    xver: r.xver,
    fingerprint: r.fingerprint,
  };
}

function translationsOf(input: NodeInputParsed): string | null {
  const out: Translations = {};
  for (const locale of LOCALES) {
    const t = input.translations[locale];
    const name = t?.name || null;
    const city = t?.city || null;
    if (name || city) out[locale] = { name, city };
  }
  return Object.keys(out).length > 0 ? JSON.stringify(out) : null;
}

function toAdminNode(row: NodeRow, groupIds: number[], cutoff?: string): AdminNode {
  const s = nodeSettings(row);
  const status = effectiveStatus(row, cutoff);
  const live = status === 'online';
  return {
    id: row.id,
    name: row.name,
    region: row.region,
    country: row.country,
    city: row.city,
    host: row.host,
    port: row.port,
    protocol: row.protocol,
    network: s.network,
    tcp_header: s.tcpHeader,
    path: s.path,
    ws_host: s.wsHost,
    service_name: s.serviceName,
    xhttp_mode: s.xhttpMode,
    flow: s.flow,
    reality: s.reality
      ? {
          dest: s.reality.dest,
          dest_port: s.reality.destPort,
          public_key: s.reality.publicKey,
          short_ids: s.reality.shortIds,
          xver: s.reality.xver,
          fingerprint: s.reality.fingerprint,
        }
      : null,
    tls: s.tls,
    sni: s.sni,
    hysteria2: s.hysteria2
      ? {
          obfs: s.hysteria2.obfsPassword ? 'salamander' : 'none',
          obfs_password: s.hysteria2.obfsPassword,
          up_mbps: s.hysteria2.upMbps,
          down_mbps: s.hysteria2.downMbps,
          ignore_client_bandwidth: s.hysteria2.ignoreClientBandwidth,
          hop_ports: s.hysteria2.hopPorts,
          allow_insecure: s.hysteria2.allowInsecure,
        }
      : null,
    tuic: s.tuic
      ? {
          congestion_control: s.tuic.congestionControl,
          zero_rtt_handshake: s.tuic.zeroRttHandshake,
          udp_relay_mode: s.tuic.udpRelayMode,
          alpn: s.tuic.alpn,
          allow_insecure: s.tuic.allowInsecure,
        }
      : null,
    cipher: row.protocol === 'shadowsocks' ? s.cipher : null,
    ss_plugin: s.ssPlugin,
    rate_percent: row.rate_percent,
    sort_order: row.sort_order,
    inbound_rule_id: row.inbound_rule_id,
    rule_name: row.rule_name,
    translations: parseTranslations(row.translations),
    enabled: row.is_visible === 1,
    maintenance: row.status === 'maintenance',
    status,
    load: live ? row.load_percent : null,
    cpu: live ? row.cpu_percent : null,
    memory: live ? row.mem_percent : null,
    disk: live ? row.disk_percent : null,
    latency: live ? row.latency_ms : null,
    online_users: live ? row.online_users : 0,
    last_heartbeat: row.last_heartbeat_at,
    has_token: row.token_hash !== null,
    group_ids: groupIds,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** What the audit log keeps of a node: its settings and state, never the token or its hash. */
function auditView(node: AdminNode): Record<string, unknown> {
  const { id: _id, status: _s, load: _l, cpu: _c, memory: _m, disk: _d, latency: _la, ...rest } = node;
  const {
    online_users: _o,
    last_heartbeat: _h,
    has_token: _t,
    created_at: _ca,
    updated_at: _ua,
    ...view
  } = rest;
  return view;
}

/**
 * The operators' console on nodes (issue 17 §6): nodes with every setting the agents' API serves, enabling,
 * maintenance, the agent's token, node groups and which nodes a package reaches. Every write is audited in its
 * transaction.
 */
export class NodeAdminService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly publicUrl: string,
  ) {}

  async list(q: PageQuery & repo.AdminNodeFilter): Promise<Page<AdminNode>> {
    const cutoff = isoAfter(-NODES.offlineAfterMs);
    const { rows, total } = await repo.pageOfNodes(this.db, q, cutoff);
    const groups = await repo.groupIdsOfNodes(
      this.db,
      rows.map((r) => r.id),
    );
    return toPage(
      rows.map((r) => toAdminNode(r, groups.get(r.id) ?? [], cutoff)),
      total,
      q,
    );
  }

  get(id: number): Promise<AdminNode> {
    return this.load(this.db, id);
  }

  private async load(db: Db, id: number): Promise<AdminNode> {
    const row = await findNode(db, id);
    if (!row) throw new AppError('NODE_NOT_FOUND');
    const groups = await repo.groupIdsOfNodes(db, [id]);
    return toAdminNode(row, groups.get(id) ?? []);
  }

  private async checkGroups(db: Db, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    const found = await repo.existingGroupIds(db, unique);
    if (unique.some((id) => !found.has(id))) throw new AppError('NODE_GROUP_NOT_FOUND');
    return unique;
  }

  private columns(input: NodeInputParsed, previous: NodeSettings | null = null) {
    return {
      name: input.name,
      region: input.region,
      country: input.country.toUpperCase(),
      city: input.city || null,
      host: input.host,
      port: input.port,
      protocol: input.protocol,
      settings: JSON.stringify(settingsOf(input, previous)),
      rate_percent: input.rate_percent,
      sort_order: input.sort_order,
      inbound_rule_id: input.inbound_rule_id ?? null,
      rule_name: input.rule_name || null,
      translations: translationsOf(input),
    };
  }

  async create(input: NodeInputParsed, actor: StaffActor): Promise<AdminNode> {
    return this.db.transaction().execute(async (trx) => {
      const groupIds = await this.checkGroups(trx, input.group_ids);
      const now = nowIso();
      const id = await insertNode(trx, {
        ...this.columns(input),
        status: 'offline',
        load_percent: null,
        cpu_percent: null,
        mem_percent: null,
        latency_ms: null,
        last_heartbeat_at: null,
        created_at: now,
        updated_at: now,
      });
      await repo.setNodeGroups(trx, id, groupIds);
      const node = await this.load(trx, id);
      await recordAudit(trx, actor, {
        action: 'node.create',
        targetType: 'node',
        targetId: id,
        before: null,
        after: auditView(node),
      });
      return node;
    });
  }

  async update(id: number, input: NodeInputParsed, actor: StaffActor): Promise<AdminNode> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.load(trx, id);
      const groupIds = await this.checkGroups(trx, input.group_ids);
      // An edit keeps the node's keys (Reality's pair and short ids, Shadowsocks 2022's server key).
      const row = await findNode(trx, id);
      const previous = row ? nodeSettings(row) : null;
      await repo.updateNode(trx, id, { ...this.columns(input, previous), updated_at: nowIso() });
      await repo.setNodeGroups(trx, id, groupIds);
      const after = await this.load(trx, id);
      await recordAudit(trx, actor, {
        action: 'node.update',
        targetType: 'node',
        targetId: id,
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    });
  }

  setEnabled(id: number, enabled: boolean, actor: StaffActor): Promise<AdminNode> {
    return this.change(id, actor, enabled ? 'node.enable' : 'node.disable', async (trx) => {
      await repo.updateNode(trx, id, { is_visible: enabled ? 1 : 0, updated_at: nowIso() });
    });
  }

  /** Maintenance on; off: online again if its agent is calling, else offline until it does. */
  setMaintenance(id: number, maintenance: boolean, actor: StaffActor): Promise<AdminNode> {
    return this.change(
      id,
      actor,
      maintenance ? 'node.maintenance.on' : 'node.maintenance.off',
      async (trx, row) => {
        const live = row.last_heartbeat !== null && row.last_heartbeat >= isoAfter(-NODES.offlineAfterMs);
        await repo.updateNode(trx, id, {
          status: maintenance ? 'maintenance' : live ? 'online' : 'offline',
          updated_at: nowIso(),
        });
      },
    );
  }

  private async change(
    id: number,
    actor: StaffActor,
    action: string,
    write: (trx: Transaction<Database>, row: AdminNode) => Promise<void>,
  ): Promise<AdminNode> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.load(trx, id);
      await write(trx, before);
      const after = await this.load(trx, id);
      await recordAudit(trx, actor, {
        action,
        targetType: 'node',
        targetId: id,
        before: { enabled: before.enabled, maintenance: before.maintenance },
        after: { enabled: after.enabled, maintenance: after.maintenance },
      });
      return after;
    });
  }

  async remove(id: number, actor: StaffActor): Promise<null> {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.load(trx, id);
      await repo.deleteNode(trx, id);
      await recordAudit(trx, actor, {
        action: 'node.delete',
        targetType: 'node',
        targetId: id,
        before: auditView(before),
        after: null,
      });
    });
    return null;
  }

  private configs(node: AdminNode, apiKey: string): AgentConfig {
    const input = {
      nodeId: node.id,
      protocol: node.protocol,
      apiHost: this.publicUrl,
      apiKey,
      certDomain: node.tls ? (node.sni ?? node.host) : null,
    };
    return {
      node_id: node.id,
      api_host: this.publicUrl,
      xrayr: xrayrNodeEntry(input),
      v2bx: v2bxNodeEntry(input),
    };
  }

  async agentConfig(id: number): Promise<AgentConfig> {
    return this.configs(await this.get(id), TOKEN_PLACEHOLDER);
  }

  /** A new token for the node's agent (the old one stops working at once); answered once, only its hash kept. */
  async issueToken(id: number, actor: StaffActor): Promise<AgentConfig & { token: string }> {
    return this.db.transaction().execute(async (trx) => {
      const node = await this.load(trx, id);
      const token = await issueNodeToken(trx, id);
      await recordAudit(trx, actor, {
        action: node.has_token ? 'node.token.rotate' : 'node.token.issue',
        targetType: 'node',
        targetId: id,
        before: { has_token: node.has_token },
        after: { has_token: true },
      });
      return { ...this.configs(node, token), token };
    });
  }

  /** Bytes through the node per day (UTC), the last 30 days, oldest first, missing days as zero. */
  async traffic(id: number): Promise<TrafficDay[]> {
    await this.get(id);
    const days = NODE_LIMITS.trafficDays;
    const today = new Date();
    const list = Array.from({ length: days }, (_, i) => {
      const d = new Date(
        Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (days - 1 - i)),
      );
      return d.toISOString().slice(0, 10);
    });
    const rows = await repo.nodeTrafficSince(this.db, id, list[0]!);
    const byDay = new Map(rows.map((r) => [r.day, r]));
    return list.map((day) => ({
      day,
      upload: String(byDay.get(day)?.upload ?? 0),
      download: String(byDay.get(day)?.download ?? 0),
    }));
  }

  // ---- node groups ----

  async groups(): Promise<NodeGroup[]> {
    const rows = await repo.listGroups(this.db);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      node_count: Number(r.node_count),
      created_at: r.created_at,
    }));
  }

  private async group(db: Db, id: number): Promise<NodeGroup> {
    const row = await repo.findGroup(db, id);
    if (!row) throw new AppError('NODE_GROUP_NOT_FOUND');
    return {
      id: row.id,
      name: row.name,
      node_count: await repo.countGroupNodes(db, id),
      created_at: row.created_at,
    };
  }

  private async uniqueName<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('NODE_GROUP_NAME_TAKEN');
      throw err;
    }
  }

  createGroup(name: string, actor: StaffActor): Promise<NodeGroup> {
    return this.uniqueName(() =>
      this.db.transaction().execute(async (trx) => {
        const id = await repo.insertGroup(trx, name, nowIso());
        await recordAudit(trx, actor, {
          action: 'node_group.create',
          targetType: 'node_group',
          targetId: id,
          before: null,
          after: { name },
        });
        return this.group(trx, id);
      }),
    );
  }

  renameGroup(id: number, name: string, actor: StaffActor): Promise<NodeGroup> {
    return this.uniqueName(() =>
      this.db.transaction().execute(async (trx) => {
        const before = await this.group(trx, id);
        await repo.renameGroup(trx, id, name, nowIso());
        await recordAudit(trx, actor, {
          action: 'node_group.update',
          targetType: 'node_group',
          targetId: id,
          before: { name: before.name },
          after: { name },
        });
        return { ...before, name };
      }),
    );
  }

  /** Removes a group no package uses (a package left without it could reach every node); its nodes leave it. */
  async deleteGroup(id: number, actor: StaffActor): Promise<null> {
    await this.inUse(() =>
      this.db.transaction().execute(async (trx) => {
        const before = await this.group(trx, id);
        if (await repo.groupUsedByPackages(trx, id)) throw new AppError('NODE_GROUP_IN_USE');
        await repo.deleteGroup(trx, id);
        await recordAudit(trx, actor, {
          action: 'node_group.delete',
          targetType: 'node_group',
          targetId: id,
          before: { name: before.name, node_count: before.node_count },
          after: null,
        });
      }),
    );
    return null;
  }

  /** A package that took the group between the check and the delete: the foreign key refuses, as 40422. */
  private async inUse<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isForeignKeyViolation(err)) throw new AppError('NODE_GROUP_IN_USE');
      throw err;
    }
  }

  // ---- which nodes a package reaches (called by the package console) ----

  /**
   * Sets the node groups a package reaches, in the caller's transaction (the caller audits the package's change,
   * and writes the package row first, which serialises two edits of one package on PostgreSQL).
   * No group: every node. NODE_GROUP_NOT_FOUND when an id does not exist. Returns the ids kept, sorted.
   */
  async setPackageGroups(
    trx: Transaction<Database>,
    packageId: number,
    groupIds: number[],
  ): Promise<number[]> {
    const ids = await this.checkGroups(trx, groupIds);
    await repo.replacePackageGroups(trx, packageId, ids);
    return ids;
  }

  /** The node groups of each package (an empty list: it reaches every node). */
  async packageGroupIds(db: Db, packageIds: number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>(packageIds.map((id) => [id, []]));
    for (const r of await repo.packageGroups(db, packageIds)) out.get(r.package_id)?.push(r.group_id);
    return out;
  }
}
