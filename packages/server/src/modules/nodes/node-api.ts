import { createHash } from 'node:crypto';
import { encode } from '@msgpack/msgpack';
import { NODES } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NodeRow } from '../../db/types.js';
import { acceptsEncoding } from '../../lib/accept-encoding.js';
import { LEAN_ROUTE } from '../../lib/lean-route.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { AgentService } from './agent-service.js';
import type { AgentSettings } from './agent-settings.js';
import { normaliseAddress } from './device-address.js';
import { nodeSettings, type NodeSettings } from './node-settings.js';
import { serverPlugin } from './ss-plugin.js';
import type { TrafficDelta } from './traffic.js';
import type { AgentNode } from './user-lists.js';

export const NODE_API_PREFIX = '/api/v1/server/UniProxy';

/** Failed token checks allowed per client address and minute before answering 429. */
const AUTH_FAILURES_PER_MINUTE = 30;
const MAX_IPS_PER_USER = 64;

declare module 'fastify' {
  interface FastifyRequest {
    node: AgentNode | null;
  }
}

/**
 * The node type an agent names, as our protocol: XrayR and older V2board agents call VMess "v2ray"; Hysteria2 is
 * "hysteria2" to V2bX and "hysteria" (version 2) to Xboard's agents.
 */
export function protocolOf(nodeType: unknown): string {
  const t = typeof nodeType === 'string' ? nodeType.toLowerCase() : '';
  if (t === 'v2ray') return 'vmess';
  if (t === 'hysteria') return 'hysteria2';
  return t;
}

function etagOf(body: string | Uint8Array): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Newer V2bX asks for its user list in MessagePack (`X-Response-Format: msgpack`); every agent reads JSON. */
function wantsMsgpack(request: FastifyRequest): boolean {
  const asked = request.headers['x-response-format'];
  return typeof asked === 'string' && asked.trim().toLowerCase() === 'msgpack';
}

/**
 * Sends the value with an ETag of the exact bytes, or 304 when the agent already has them: JSON, or MessagePack
 * (the same object, the same keys) when `msgpack` is allowed for this call and the agent asks for it.
 */
function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  value: unknown,
  { msgpack = false }: { msgpack?: boolean } = {},
) {
  const packed = msgpack && wantsMsgpack(request);
  const body = packed ? Buffer.from(encode(value)) : JSON.stringify(value);
  const etag = etagOf(body);
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (msgpack) reply.header('vary', 'X-Response-Format, Accept-Encoding');
  if (presentedEtags(request).includes(etag)) return reply.code(304).send();
  return reply.type(packed ? MSGPACK_TYPE : JSON_TYPE).send(body);
}

const JSON_TYPE = 'application/json; charset=utf-8';
const MSGPACK_TYPE = 'application/x-msgpack';

/** The ETags of `If-None-Match` (a weak one compares as its strong form). */
function presentedEtags(request: FastifyRequest): string[] {
  return (request.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
}

/**
 * The transport's settings as the agents hand them to Xray (`networkSettings`): ws path and Host header, gRPC
 * service name, HTTP upgrade and XHTTP path and host (and XHTTP's mode), HTTP/2 path and hosts, and TCP's HTTP
 * header obfuscation as Xray's `header` object.
 */
export function transportSettings(s: NodeSettings): Record<string, unknown> {
  switch (s.network) {
    case 'ws':
      return { path: s.path ?? '/', ...(s.wsHost ? { headers: { Host: s.wsHost } } : {}) };
    case 'grpc':
      return { serviceName: s.serviceName ?? '' };
    case 'httpupgrade':
      return { path: s.path ?? '/', ...(s.wsHost ? { host: s.wsHost } : {}) };
    case 'xhttp':
      return { path: s.path ?? '/', ...(s.wsHost ? { host: s.wsHost } : {}), mode: s.xhttpMode };
    case 'h2':
      return { path: s.path ?? '/', ...(s.wsHost ? { host: [s.wsHost] } : {}) };
    case 'tcp':
      return s.tcpHeader === 'http'
        ? {
            header: {
              type: 'http',
              request: { path: [s.path ?? '/'], ...(s.wsHost ? { headers: { Host: [s.wsHost] } } : {}) },
            },
          }
        : {};
    case 'quic':
      // Hysteria2 and TUIC: no V2Ray transport.
      return {};
  }
}

/**
 * Reality's `tls_settings` as both agents parse them (docs/research/uniproxy-agents-and-clients.md): the borrowed
 * name, its port as a string, the destination host without port, one short id, the private key; `xver` only when
 * not 0 and then as a string (one agent reads it as a string, the other as a number: 0 left out satisfies both).
 */
function realityTlsSettings(s: NodeSettings): Record<string, unknown> {
  const r = s.reality!;
  return {
    server_name: s.sni ?? r.dest,
    server_port: String(r.destPort),
    dest: r.dest,
    short_id: r.shortIds[0] ?? '',
    private_key: r.privateKey,
    ...(r.xver !== 0 ? { xver: String(r.xver) } : {}),
  };
}

/**
 * A Shadowsocks plugin as the agents read it (docs/research/uniproxy-agents-and-clients.md, "Shadowsocks plugins").
 * XrayR turns `obfs: "http"` with `obfs_settings.path` into Xray's TCP HTTP header, which simple-obfs's http clients
 * talk to (proven with obfs-local, README); V2bX reads neither. obfs tls and v2ray-plugin no agent runs: `plugin` and
 * `plugin_opts` (Xboard's keys) say what runs beside the agent — the server program and its SIP003 options.
 */
function ssPluginFields(s: NodeSettings): Record<string, unknown> {
  const p = s.ssPlugin;
  const server = p ? serverPlugin(p) : null;
  return {
    obfs: p?.type === 'obfs' && p.mode === 'http' ? 'http' : null,
    // simple-obfs clients always ask for "/".
    obfs_settings: p?.type === 'obfs' && p.mode === 'http' ? { path: '/', host: p.host ?? '' } : null,
    plugin: server?.name ?? null,
    plugin_opts: server?.opts ?? null,
  };
}

/**
 * The operators' rules in the `routes` shape both agents decode: `{id, match, action, action_value}` with `match`
 * always an array of strings (XrayR fails on a string; V2bX takes either, and panics on null).
 */
function agentRoutes(settings: Pick<AgentSettings, 'routes'>) {
  return settings.routes.map((r) => ({
    id: r.id,
    match: [...r.match],
    action: r.action,
    action_value: r.action_value,
  }));
}

/**
 * What the agent needs to run the node's inbound, in the UniProxy shape (XrayR / V2bX), with the operators' rules
 * (`settings`, read once per request) for every protocol.
 */
export function agentConfig(node: NodeRow, settings: Pick<AgentSettings, 'routes'>): Record<string, unknown> {
  const s = nodeSettings(node);
  const base = {
    routes: agentRoutes(settings),
    base_config: { push_interval: NODES.agentPushSeconds, pull_interval: NODES.agentPullSeconds },
  };
  const networkSettings = transportSettings(s);
  switch (node.protocol) {
    case 'vmess':
    case 'vless':
      return {
        host: node.host,
        server_port: node.port,
        server_name: s.sni ?? '',
        network: s.network,
        network_settings: networkSettings,
        networkSettings,
        tls: s.reality ? 2 : s.tls ? 1 : 0,
        tls_settings: s.reality ? realityTlsSettings(s) : { server_name: s.sni ?? '' },
        // XTLS Vision or nothing ('' — never "none", which agents pass on to Xray as a flow name).
        ...(node.protocol === 'vless' ? { flow: s.flow } : {}),
        ...base,
      };
    case 'trojan':
      return {
        host: node.host,
        server_port: node.port,
        server_name: s.sni ?? node.host,
        network: s.network,
        network_settings: networkSettings,
        networkSettings,
        ...base,
      };
    case 'shadowsocks':
      return {
        server_port: node.port,
        cipher: s.cipher,
        // Shadowsocks 2022: the node's key; each user's key the agents derive from its UUID.
        server_key: s.serverKey ?? '',
        ...ssPluginFields(s),
        ...base,
      };
    case 'hysteria2':
    case 'tuic':
      return { ...quicAgentConfig(node, s), ...base };
  }
}

/**
 * Hysteria2 and TUIC v5 as V2bX (`Hysteria2Node`, `TuicNode`) and Xboard's agents read them
 * (docs/research/uniproxy-agents-and-clients.md §2.4, §3.2): the port as a number, the certificate's name, and
 * `version` (2, 5) for agents that tell Hysteria versions apart by it.
 * Hysteria2: the node's own bandwidth, `up_mbps` its sending (the customers' download) and `down_mbps` its
 * receiving (their upload), 0 for none; `obfs` the obfuscation's type ("salamander") or null and `obfs-password`,
 * with a hyphen, or null. TUIC: congestion control, 0-RTT and the ALPN tokens (UDP relay is the client's choice).
 */
function quicAgentConfig(node: NodeRow, s: NodeSettings): Record<string, unknown> {
  const common = { host: node.host, server_port: node.port, server_name: s.sni ?? node.host };
  if (s.hysteria2) {
    const h = s.hysteria2;
    return {
      ...common,
      version: 2,
      up_mbps: h.downMbps,
      down_mbps: h.upMbps,
      ignore_client_bandwidth: h.ignoreClientBandwidth,
      obfs: h.obfsPassword ? 'salamander' : null,
      'obfs-password': h.obfsPassword,
    };
  }
  const t = s.tuic!;
  return {
    ...common,
    version: 5,
    congestion_control: t.congestionControl,
    zero_rtt_handshake: t.zeroRttHandshake,
    alpn: t.alpn,
  };
}

function badRequest(reply: FastifyReply, message: string) {
  return reply.code(400).send({ message });
}

/** `{"<subscription id>": [upload, download]}` with whole non-negative byte counts; anything else is refused whole. */
export function parsePush(body: unknown): TrafficDelta[] | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const out: TrafficDelta[] = [];
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (!/^[1-9]\d{0,9}$/.test(key) || !Array.isArray(value) || value.length !== 2) return null;
    const [u, d] = value as unknown[];
    if (!Number.isSafeInteger(u) || !Number.isSafeInteger(d) || (u as number) < 0 || (d as number) < 0)
      return null;
    out.push({ subscriptionId: Number(key), upload: u as number, download: d as number });
  }
  return out;
}

function percent(part: unknown, whole: unknown): number | null {
  if (typeof part !== 'number' || typeof whole !== 'number' || !(whole > 0) || !(part >= 0)) return null;
  return Math.min(100, Math.round((part / whole) * 100));
}

function plainPercent(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.min(100, Math.round(v)) : null;
}

/**
 * The API the agents on the proxy servers call (UniProxy as spoken by XrayR and V2bX): configuration, the user list
 * with ETag, traffic pushes, online IPs and server status. Each node authenticates with its own token; a wrong
 * token, node or type gets the same bare 401. Every successful call counts as a heartbeat.
 */
export function nodeApiRoutes(app: FastifyInstance, agents: AgentService, limiter: RateLimiter): void {
  app.decorateRequest('node', null);

  void app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        const q = request.query as Record<string, unknown>;
        const nodeId =
          typeof q.node_id === 'string' && /^[1-9]\d{0,9}$/.test(q.node_id) ? Number(q.node_id) : 0;
        const token = typeof q.token === 'string' ? q.token : '';
        // An address that used up its failures is refused whatever it sends, the right token included: a guesser
        // cannot keep trying until one works (issue 20).
        const failures = `node-api-fail:${request.ip}`;
        if ((await limiter.peek(failures)) >= AUTH_FAILURES_PER_MINUTE)
          return reply.code(429).send({ message: 'Too Many Requests' });
        const node = await agents.authenticate(nodeId, token, protocolOf(q.node_type));
        if (!node) {
          const { allowed } = await limiter.hit(failures, AUTH_FAILURES_PER_MINUTE, 60_000);
          return reply
            .code(allowed ? 401 : 429)
            .send({ message: allowed ? 'Unauthorized' : 'Too Many Requests' });
        }
        request.node = node;
      });

      // JSON only: the agents read the config as JSON (V2bX asks for MessagePack on the user list alone).
      api.get('/config', { schema: { hide: true } }, async (request, reply) =>
        sendWithEtag(request, reply, agentConfig(request.node!, await agents.settings())),
      );

      // The list is built once per change and kept as bytes (user-lists.ts): JSON or MessagePack, each gzipped once
      // for agents that take it (Go's HTTP client asks for gzip by itself), so the compression plugin stays out. An
      // answer never waits for the gzip: until it is made the bytes go uncompressed. The agents' most frequent call,
      // mostly answered 304: a lean route (no browser headers, no access log).
      api.get('/user', { schema: { hide: true }, ...LEAN_ROUTE }, async (request, reply) => {
        const node = request.node!;
        const list = await agents.userList(node);
        if (!list) return sendWithEtag(request, reply, agents.standIn(node), { msgpack: true });
        const packed = wantsMsgpack(request);
        const body = packed ? await list.msgpack() : list.json;
        reply
          .header('etag', body.etag)
          .header('cache-control', 'no-cache')
          .header('vary', 'X-Response-Format, Accept-Encoding');
        if (presentedEtags(request).includes(body.etag)) return reply.code(304).send();
        reply.type(packed ? MSGPACK_TYPE : JSON_TYPE);
        const gzipped = acceptsEncoding(request.headers['accept-encoding'], 'gzip')
          ? body.gzipIfReady()
          : null;
        if (gzipped) return reply.header('content-encoding', 'gzip').send(gzipped);
        return reply.send(body.bytes);
      });

      api.post('/push', { schema: { hide: true }, bodyLimit: 16 * 1024 * 1024 }, async (request, reply) => {
        const deltas = parsePush(request.body);
        if (!deltas) return badRequest(reply, 'Invalid traffic report');
        const result = await agents.push(request.node!, deltas);
        // A copy of a push already counted: acknowledged, so the agent stops sending it.
        if (result.repeat)
          request.log.info({ node: request.node!.id }, 'repeated traffic push acknowledged, not counted');
        if (result.suspended.length > 0)
          request.log.info({ node: request.node!.id, suspended: result.suspended }, 'traffic limit reached');
        return { data: true };
      });

      api.post('/alive', { schema: { hide: true }, bodyLimit: 16 * 1024 * 1024 }, async (request, reply) => {
        const body = request.body;
        if (!body || typeof body !== 'object' || Array.isArray(body))
          return badRequest(reply, 'Invalid report');
        const rows: { subscription_id: number; ip: string }[] = [];
        for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
          if (!/^[1-9]\d{0,9}$/.test(key) || !Array.isArray(value))
            return badRequest(reply, 'Invalid report');
          // One spelling per device (device-address.ts); entries that are not addresses are left out.
          const ips = new Set<string>();
          for (const v of value) {
            const ip = typeof v === 'string' ? normaliseAddress(v) : null;
            if (ip) ips.add(ip);
          }
          for (const ip of [...ips].slice(0, MAX_IPS_PER_USER))
            rows.push({ subscription_id: Number(key), ip });
        }
        await agents.alive(request.node!, rows);
        return { data: true };
      });

      // `{"alive": {"<id>": <count>}}`, an object even when empty (an empty array would not decode).
      api.get('/alivelist', { schema: { hide: true } }, async (request) => {
        return { alive: await agents.aliveList(request.node!) };
      });

      api.post('/status', { schema: { hide: true } }, async (request, reply) => {
        const b = request.body as Record<string, unknown> | null;
        if (!b || typeof b !== 'object' || Array.isArray(b)) return badRequest(reply, 'Invalid status');
        const part = (k: string) =>
          b[k] && typeof b[k] === 'object' ? (b[k] as Record<string, unknown>) : {};
        const cpu = plainPercent(b.cpu);
        const mem = percent(part('mem').used, part('mem').total);
        const disk = percent(part('disk').used, part('disk').total);
        await agents.status(request.node!, { cpu, mem, disk, load: plainPercent(b.load) ?? cpu });
        return { data: true };
      });
    },
    { prefix: NODE_API_PREFIX },
  );
}
