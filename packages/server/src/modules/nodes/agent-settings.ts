import { getMeta } from '../../lib/meta-repository.js';
import type { Db } from '../../db/types.js';

/** The app_meta key of the operators' settings for every node's agent (JSON, `AgentSettings` in snake_case). */
export const AGENT_SETTINGS_KEY = 'agent_settings';

/** One rule the agents apply on every node (UniProxy `routes`: block by domain / address / port / protocol, DNS). */
export interface AgentRoute {
  id: number;
  /** What the rule matches (domains, `geosite:` / `geoip:` tags, addresses, ports or protocols) */
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
}

export const DEFAULT_AGENT_SETTINGS: AgentSettings = { routes: [], deviceMinTrafficKb: 0 };

/** The saved settings, or the defaults when none were saved (or the saved ones cannot be read). */
export async function loadAgentSettings(db: Db): Promise<AgentSettings> {
  const raw = await getMeta(db, AGENT_SETTINGS_KEY);
  if (!raw) return DEFAULT_AGENT_SETTINGS;
  try {
    const v = JSON.parse(raw) as { routes?: unknown; device_min_traffic_kb?: unknown };
    return {
      routes: Array.isArray(v.routes) ? (v.routes as AgentRoute[]) : [],
      deviceMinTrafficKb:
        typeof v.device_min_traffic_kb === 'number' && Number.isSafeInteger(v.device_min_traffic_kb)
          ? Math.max(0, v.device_min_traffic_kb)
          : 0,
    };
  } catch {
    return DEFAULT_AGENT_SETTINGS;
  }
}
