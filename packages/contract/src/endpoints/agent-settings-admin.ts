import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { vkey } from '../i18n/validation-messages.js';
import { idSchema, intInput, lineText } from '../inputs.js';

/**
 * The operators' settings for every node's agent (issue 18 §2): the `routes` the agents apply (block and DNS rules,
 * sent in every node's UniProxy `config`) and the traffic an address must move before it counts as a device.
 *
 * What each agent does with a rule (docs/research/uniproxy-agents-and-clients.md §1.2, §2.3):
 * - `block`: XrayR joins the entries with `|` and compiles one regular expression; V2bX compiles each entry (a
 *   `regexp:` prefix removed; `protocol:<name>` entries block a sniffed protocol instead). Both match it against the
 *   connection's destination and refuse it; plain domains therefore work in both, while XrayR reads `regexp:` and
 *   `protocol:` entries literally (they match nothing there). Both panic on a pattern that does not compile, and
 *   XrayR's joined pattern of no entries matches everything: a rule needs entries, each checked here.
 * - `dns`: both send the listed domains to the rule's server (`action_value`). V2bX reads a first entry `main` as
 *   raw DNS JSON and indexes the first entry, so an empty list or `main` is refused.
 * - `block_ip`, `block_port`: read by V2bX builds and Xboard's node that route in Xray (addresses / CIDR /
 *   `geoip:` tags; ports and ranges); XrayR and the V2bX versions read for this work skip them.
 */
export const AGENT_ROUTE_ACTIONS = ['block', 'block_ip', 'block_port', 'dns'] as const;
export type AgentRouteAction = (typeof AGENT_ROUTE_ACTIONS)[number];

/** The actions XrayR acts on (the others it skips); V2bX-family agents read all four (see above). */
export const XRAYR_ROUTE_ACTIONS: readonly AgentRouteAction[] = ['block', 'dns'];

/** Protocols Xray's sniffing names (a `block` entry `protocol:<name>`, V2bX). */
export const SNIFFED_PROTOCOLS = ['http', 'tls', 'quic', 'bittorrent'] as const;

export const AGENT_SETTINGS_LIMITS = {
  routes: 100,
  matchesPerRoute: 200,
  matchLength: 200,
  resolverLength: 200,
  /** 1 GiB per push interval: more would count nobody */
  deviceMinTrafficKbMax: 1_048_576,
} as const;

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const DOMAIN = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*$`);
const TAG = /^!?[A-Za-z0-9][A-Za-z0-9._@!-]{0,99}$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function isIpv6(v: string): boolean {
  return z.ipv6().safeParse(v).success;
}

function isIp(v: string): boolean {
  return IPV4.test(v) || isIpv6(v);
}

function isCidr(v: string): boolean {
  const [address, bits, ...rest] = v.split('/');
  if (rest.length > 0 || address === undefined || bits === undefined || !/^\d{1,3}$/.test(bits)) return false;
  const n = Number(bits);
  return IPV4.test(address) ? n <= 32 : isIpv6(address) && n <= 128;
}

/**
 * A regular expression both agents (Go's RE2) and this server (JavaScript) compile: it must compile here, and the
 * constructs only JavaScript knows (look-around, back-references, named groups) are refused.
 */
export function isPortablePattern(p: string): boolean {
  if (p.length === 0 || /\(\?<|\(\?[=!]|\\[1-9]|\\k</.test(p)) return false;
  try {
    new RegExp(p);
    return true;
  } catch {
    return false;
  }
}

function isPort(v: string): boolean {
  if (!/^\d{1,5}$/.test(v)) return false;
  const n = Number(v);
  return n >= 1 && n <= 65_535;
}

/** Whether one entry of a rule's `match` fits its action. */
export function routeMatchValid(action: AgentRouteAction, entry: string): boolean {
  switch (action) {
    case 'block':
      if (entry.startsWith('regexp:')) return isPortablePattern(entry.slice('regexp:'.length));
      if (entry.startsWith('protocol:'))
        return (SNIFFED_PROTOCOLS as readonly string[]).includes(entry.slice('protocol:'.length));
      return DOMAIN.test(entry);
    case 'block_ip':
      if (entry.startsWith('geoip:')) return TAG.test(entry.slice('geoip:'.length));
      return isIp(entry) || isCidr(entry);
    case 'block_port': {
      const [from, to, ...rest] = entry.split('-');
      if (rest.length > 0 || from === undefined || !isPort(from)) return false;
      return to === undefined || (isPort(to) && Number(to) >= Number(from));
    }
    case 'dns': {
      // Xray's domain forms: a plain domain, domain: / full: / keyword: / geosite: / regexp:.
      const colon = entry.indexOf(':');
      if (colon < 0) return entry !== 'main' && DOMAIN.test(entry);
      const kind = entry.slice(0, colon);
      const rest = entry.slice(colon + 1);
      if (kind === 'domain' || kind === 'full') return DOMAIN.test(rest);
      if (kind === 'keyword') return /^[A-Za-z0-9.-]{1,100}$/.test(rest);
      if (kind === 'geosite') return TAG.test(rest);
      if (kind === 'regexp') return isPortablePattern(rest);
      return false;
    }
  }
}

/** A DNS server as Xray reads it: an IP address (port 53), `localhost`, or a DoH / TCP / QUIC address. */
export function resolverValid(v: string): boolean {
  if (isIp(v) || v === 'localhost') return true;
  const scheme = /^(?:https|https\+local|tcp|tcp\+local|quic\+local):\/\//.exec(v);
  if (!scheme) return false;
  const rest = v.slice(scheme[0].length);
  if (/\s/.test(rest)) return false;
  const authority = rest.split(/[/?#]/)[0]!;
  const port = (p: string | undefined) => p === undefined || isPort(p);
  if (authority.startsWith('[')) {
    const close = authority.indexOf(']');
    const after = authority.slice(close + 1);
    return (
      close > 0 &&
      isIpv6(authority.slice(1, close)) &&
      (after === '' || (after.startsWith(':') && port(after.slice(1))))
    );
  }
  const [host, p, ...more] = authority.split(':');
  return more.length === 0 && host !== undefined && (DOMAIN.test(host) || IPV4.test(host)) && port(p);
}

const entryText = lineText({ error: vkey('invalid') })
  .trim()
  .min(1, { error: vkey('required') })
  .max(AGENT_SETTINGS_LIMITS.matchLength, { error: vkey('too_long') });

/** One rule as an operator sends it; `id` is the one the server gave it (kept), absent for a new rule. */
export const agentRouteInput = z
  .object({
    id: idSchema.optional(),
    action: z.enum(AGENT_ROUTE_ACTIONS, { error: vkey('invalid') }),
    match: z
      .array(entryText)
      .min(1, { error: vkey('required') })
      .max(AGENT_SETTINGS_LIMITS.matchesPerRoute, { error: vkey('too_long') }),
    /** The DNS server of a `dns` rule; nothing for the others */
    action_value: lineText({ error: vkey('invalid') })
      .trim()
      .max(AGENT_SETTINGS_LIMITS.resolverLength, { error: vkey('too_long') })
      .optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    v.match.forEach((entry, i) => {
      if (!routeMatchValid(v.action, entry))
        ctx.addIssue({ code: 'custom', path: ['match', i], message: vkey('route_match') });
    });
    if (v.action === 'dns') {
      if (!v.action_value)
        ctx.addIssue({ code: 'custom', path: ['action_value'], message: vkey('route_resolver') });
      else if (!resolverValid(v.action_value))
        ctx.addIssue({ code: 'custom', path: ['action_value'], message: vkey('route_resolver') });
    } else if (v.action_value)
      ctx.addIssue({ code: 'custom', path: ['action_value'], message: vkey('invalid') });
  });
export type AgentRouteInput = z.input<typeof agentRouteInput>;

export const agentSettingsInput = z
  .object({
    routes: z
      .array(agentRouteInput)
      .max(AGENT_SETTINGS_LIMITS.routes, { error: vkey('too_long') })
      .default([]),
    /** KiB an address must move in a push interval before it counts as one of the user's devices; 0: every one */
    device_min_traffic_kb: intInput(0, AGENT_SETTINGS_LIMITS.deviceMinTrafficKbMax),
  })
  .strict();
export type AgentSettingsInput = z.input<typeof agentSettingsInput>;

export const agentRouteData = z.object({
  id: z.number().int(),
  action: z.enum(AGENT_ROUTE_ACTIONS),
  match: z.array(z.string()),
  /** The DNS server of a `dns` rule; '' for the others */
  action_value: z.string(),
});
export type AgentRouteData = z.infer<typeof agentRouteData>;

export const agentSettingsData = z.object({
  routes: z.array(agentRouteData),
  device_min_traffic_kb: z.number().int(),
  /** When an operator last saved them; null: the defaults (no rules, every address counts) */
  updated_at: z.string().nullable(),
});
export type AgentSettingsData = z.infer<typeof agentSettingsData>;

export const getAgentSettings = defineEndpoint({
  method: 'GET',
  path: '/agent-settings',
  summary: "What every node's agent applies: the block and DNS rules, and the device-counting minimum",
  tags: ['admin', 'nodes'],
  auth: true,
  permission: 'nodes.read',
  data: agentSettingsData,
});

export const setAgentSettings = defineEndpoint({
  method: 'PUT',
  path: '/agent-settings',
  summary:
    "Replace the agents' rules (in order; a rule sent with its id keeps it, a new one gets the next) and the device-counting minimum; every agent reads them at its next config pull",
  tags: ['admin', 'nodes'],
  auth: true,
  permission: 'nodes.write',
  body: agentSettingsInput,
  data: agentSettingsData,
});
