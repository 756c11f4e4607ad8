import { agentSettingsAdminApi } from '@portal/contract/admin';
import { getMeta } from '../../lib/meta-repository.js';
import type { Db } from '../../db/types.js';

/**
 * The app_meta key of the operators' settings for every node's agent (JSON: `routes`, `device_min_traffic_kb`,
 * `updated_at`).
 */
export const AGENT_SETTINGS_KEY = 'agent_settings';

/**
 * One rule the agents apply on every node, in UniProxy's `routes` shape (XrayR and V2bX): block by domain, address,
 * port or protocol, or send some domains to a DNS server. The contract's `agentSettingsAdminApi` says which entries
 * each action takes and which agent reads it.
 */
export interface AgentRoute {
  id: number;
  /** What the rule matches (domains, `geosite:` / `geoip:` tags, addresses, ports or protocols); never empty */
  match: string[];
  action: string;
  /** The action's argument (the DNS server of a `dns` rule); '' otherwise */
  action_value: string;
}

/** What operators set once for every node's agent. */
export interface AgentSettings {
  routes: AgentRoute[];
  /** Traffic an address must move (KiB, per push interval) before it counts as a device; 0 counts every one. */
  deviceMinTrafficKb: number;
  /** When an operator last saved them; null: the defaults */
  updatedAt: string | null;
}

export const DEFAULT_AGENT_SETTINGS: AgentSettings = { routes: [], deviceMinTrafficKb: 0, updatedAt: null };

/**
 * The saved settings, or the defaults when none were saved (or the saved ones cannot be read). A stored rule that no
 * longer reads as one is left out rather than handed to the agents (some of them panic on a malformed rule).
 */
export async function loadAgentSettings(db: Db): Promise<AgentSettings> {
  const raw = await getMeta(db, AGENT_SETTINGS_KEY);
  if (!raw) return DEFAULT_AGENT_SETTINGS;
  try {
    const v = JSON.parse(raw) as { routes?: unknown; device_min_traffic_kb?: unknown; updated_at?: unknown };
    const routes = Array.isArray(v.routes) ? v.routes : [];
    return {
      routes: routes.flatMap((r) => {
        const parsed = agentSettingsAdminApi.agentRouteData.safeParse(r);
        return parsed.success && parsed.data.match.length > 0 ? [parsed.data] : [];
      }),
      deviceMinTrafficKb:
        typeof v.device_min_traffic_kb === 'number' && Number.isSafeInteger(v.device_min_traffic_kb)
          ? Math.max(0, v.device_min_traffic_kb)
          : 0,
      updatedAt: typeof v.updated_at === 'string' ? v.updated_at : null,
    };
  } catch {
    return DEFAULT_AGENT_SETTINGS;
  }
}

/** The settings as they are stored. */
export function storedAgentSettings(s: AgentSettings): string {
  return JSON.stringify({
    routes: s.routes,
    device_min_traffic_kb: s.deviceMinTrafficKb,
    updated_at: s.updatedAt,
  });
}
