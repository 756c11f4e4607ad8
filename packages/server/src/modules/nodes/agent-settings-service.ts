import type { AgentSettingsData, AgentSettingsInput } from '@portal/contract/admin';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/types.js';
import { setMeta } from '../../lib/meta-repository.js';
import type { StaffActor } from '../../lib/staff-actor.js';
import { recordAudit } from '../audit/audit-log.js';
import {
  AGENT_SETTINGS_KEY,
  loadAgentSettings,
  storedAgentSettings,
  type AgentRoute,
  type AgentSettings,
} from './agent-settings.js';

type ParsedInput = Required<Pick<AgentSettingsInput, 'routes'>> & Omit<AgentSettingsInput, 'routes'>;

function toData(s: AgentSettings): AgentSettingsData {
  return {
    routes: s.routes.map((r) => ({
      id: r.id,
      action: r.action as AgentSettingsData['routes'][number]['action'],
      match: r.match,
      action_value: r.action_value,
    })),
    device_min_traffic_kb: s.deviceMinTrafficKb,
    updated_at: s.updatedAt,
  };
}

/**
 * The rules in the order sent, with ids: a rule sent with the id of a saved rule keeps it (the first one that does,
 * if an id comes twice); every other rule gets the next id above any saved or kept one, so an id never names two
 * different rules in a row of saves.
 */
export function assignRouteIds(saved: readonly AgentRoute[], input: ParsedInput['routes']): AgentRoute[] {
  const savedIds = new Set(saved.map((r) => r.id));
  const kept = new Set<number>();
  const ids = input.map((r) => {
    if (r.id === undefined || !savedIds.has(r.id) || kept.has(r.id)) return null;
    kept.add(r.id);
    return r.id;
  });
  let next = Math.max(0, ...savedIds) + 1;
  return input.map((r, i) => ({
    id: ids[i] ?? next++,
    action: r.action,
    match: r.match,
    action_value: r.action === 'dns' ? (r.action_value ?? '') : '',
  }));
}

/** The operators' settings for every node's agent (console: nodes.read to see them, nodes.write to change them). */
export class AgentSettingsService {
  constructor(private readonly db: Kysely<Database>) {}

  async get(db: Db = this.db): Promise<AgentSettingsData> {
    return toData(await loadAgentSettings(db));
  }

  /** Replaces the rules and the minimum; the agents read them at their next config pull (its ETag changes). */
  async save(actor: StaffActor, input: ParsedInput): Promise<AgentSettingsData> {
    return this.db.transaction().execute(async (trx) => {
      const before = await loadAgentSettings(trx);
      const next: AgentSettings = {
        routes: assignRouteIds(before.routes, input.routes),
        deviceMinTrafficKb: input.device_min_traffic_kb,
        updatedAt: new Date().toISOString(),
      };
      await setMeta(trx, AGENT_SETTINGS_KEY, storedAgentSettings(next));
      await recordAudit(trx, actor, {
        action: 'settings.agent.update',
        targetType: 'settings',
        targetId: 'agent',
        before: { routes: before.routes, device_min_traffic_kb: before.deviceMinTrafficKb },
        after: { routes: next.routes, device_min_traffic_kb: next.deviceMinTrafficKb },
      });
      return toData(next);
    });
  }
}
