import { z } from 'zod';
import { idParamSchema, lineText } from '../inputs.js';
import { defineEndpoint, pageSchema } from '../endpoint.js';
import type { NODE_PROTOCOLS } from '../constants.js';
import { nodeProtocolSchema, paginationQuerySchema } from '../validation.js';

export { NODE_PROTOCOLS } from '../constants.js';

export type NodeProtocol = (typeof NODE_PROTOCOLS)[number];
/** The protocols that are their own transport: QUIC, with TLS always on (Hysteria2, TUIC v5). */
export const QUIC_PROTOCOLS = ['hysteria2', 'tuic'] as const satisfies readonly NodeProtocol[];
export const isQuicProtocol = (p: NodeProtocol): p is (typeof QUIC_PROTOCOLS)[number] =>
  (QUIC_PROTOCOLS as readonly string[]).includes(p);

/**
 * How a node carries its protocol: raw TCP (optionally with HTTP header obfuscation), WebSocket, gRPC, HTTP upgrade,
 * XHTTP (Xray's split HTTP, VLESS only) or HTTP/2 (over TLS). Shadowsocks is TCP. `quic` is the QUIC protocols' own
 * (Hysteria2, TUIC), never a V2Ray transport.
 */
export const NODE_TRANSPORTS = ['tcp', 'ws', 'grpc', 'httpupgrade', 'xhttp', 'h2', 'quic'] as const;
export type NodeTransport = (typeof NODE_TRANSPORTS)[number];

/**
 * Region keys the portal names in each customer's language (others show as written). Operators typing one in any
 * case ("Asia") get the key, so one region is never listed twice.
 */
export const NODE_REGIONS = ['asia', 'europe', 'america', 'oceania', 'africa'] as const;

export function normaliseRegion(region: string): string {
  const key = region.trim().toLowerCase();
  return (NODE_REGIONS as readonly string[]).includes(key) ? key : region.trim();
}

export const NODE_STATUSES = ['online', 'offline', 'maintenance'] as const;
export const nodeStatusSchema = z.enum(NODE_STATUSES);
export type NodeStatus = z.infer<typeof nodeStatusSchema>;

/** A node as a customer sees it: where it is, what it speaks, and what its agent last reported. */
export const nodeData = z.object({
  id: z.number().int(),
  name: z.string(),
  /** "City, Country" (country alone when no city) */
  location: z.string(),
  region: z.string(),
  country: z.string(),
  protocol: nodeProtocolSchema,
  transport: z.enum(NODE_TRANSPORTS),
  tls: z.boolean(),
  /** VLESS Reality (a TLS handshake borrowed from another site; `tls` is true too) */
  reality: z.boolean(),
  server_address: z.string(),
  port: z.number().int(),
  /** Traffic multiplier: 1 counts bytes as sent, 1.5 counts half as much again. */
  rate: z.number(),
  /** Percentages 0-100 and milliseconds from the node's last report; null before the first. */
  load: z.number().int().nullable(),
  cpu: z.number().int().nullable(),
  memory: z.number().int().nullable(),
  latency: z.number().int().nullable(),
  /** Distinct devices connected across the node's users at the last report. */
  online_users: z.number().int(),
  last_heartbeat: z.string().nullable(),
  inbound_rule_id: z.number().int().nullable(),
  rule_name: z.string().nullable(),
  status: nodeStatusSchema,
  created_at: z.string(),
});
export type NodeInfo = z.infer<typeof nodeData>;

export const listNodes = defineEndpoint({
  method: 'GET',
  path: '/nodes',
  summary: 'Nodes, filtered by region, protocol (type) and status',
  tags: ['nodes'],
  auth: true,
  query: paginationQuerySchema.extend({
    region: lineText().max(50).optional(),
    type: nodeProtocolSchema.optional(),
    status: nodeStatusSchema.optional(),
  }),
  data: pageSchema(nodeData),
});

export const getNode = defineEndpoint({
  method: 'GET',
  path: '/nodes/:id',
  summary: 'One node',
  tags: ['nodes'],
  auth: true,
  params: z.object({ id: idParamSchema }),
  data: nodeData,
});

export const nodeSummaryData = z.object({
  total: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  maintenance: z.number().int(),
  /** Average load of the online nodes that reported one; null when none did. */
  average_load: z.number().nullable(),
  regions: z.array(z.object({ region: z.string(), total: z.number().int(), online: z.number().int() })),
});
export type NodeSummary = z.infer<typeof nodeSummaryData>;

export const summary = defineEndpoint({
  method: 'GET',
  path: '/nodes/stats/summary',
  summary: 'Counts by status and region, average load',
  tags: ['nodes'],
  auth: true,
  data: nodeSummaryData,
});

export const nodeStatusEntry = z.object({
  id: z.number().int(),
  status: nodeStatusSchema,
  load: z.number().int().nullable(),
  latency: z.number().int().nullable(),
  last_heartbeat: z.string().nullable(),
});
export type NodeStatusEntry = z.infer<typeof nodeStatusEntry>;

export const statuses = defineEndpoint({
  method: 'GET',
  path: '/nodes/status',
  summary: 'Live status of every node, for polling',
  tags: ['nodes'],
  auth: true,
  data: z.array(nodeStatusEntry),
});
