import { adminNodesApi, agentSettingsAdminApi } from '@portal/contract/admin';
import type { FastifyInstance } from 'fastify';
import { registerStaffEndpoint } from '../../lib/route.js';
import type { NodeAdminService } from './admin-service.js';
import type { AgentSettingsService } from './agent-settings-service.js';

/** The console's nodes, node groups and the settings every node's agent applies. */
export function adminNodeRoutes(
  admin: FastifyInstance,
  nodes: NodeAdminService,
  agentSettings: AgentSettingsService,
): void {
  const api = adminNodesApi;
  registerStaffEndpoint(admin, api.listNodes, ({ query }) => nodes.list(query));
  registerStaffEndpoint(admin, api.getNode, ({ params }) => nodes.get(params.id));
  registerStaffEndpoint(admin, api.createNode, ({ body, actor }) => nodes.create(body, actor));
  registerStaffEndpoint(admin, api.updateNode, ({ params, body, actor }) =>
    nodes.update(params.id, body, actor),
  );
  registerStaffEndpoint(admin, api.setNodeEnabled, ({ params, body, actor }) =>
    nodes.setEnabled(params.id, body.enabled, actor),
  );
  registerStaffEndpoint(admin, api.setNodeMaintenance, ({ params, body, actor }) =>
    nodes.setMaintenance(params.id, body.maintenance, actor),
  );
  registerStaffEndpoint(admin, api.deleteNode, ({ params, actor }) => nodes.remove(params.id, actor));
  registerStaffEndpoint(admin, api.issueNodeToken, ({ params, actor }) => nodes.issueToken(params.id, actor));
  registerStaffEndpoint(admin, api.nodeAgentConfig, ({ params }) => nodes.agentConfig(params.id));
  registerStaffEndpoint(admin, api.nodeTraffic, ({ params }) => nodes.traffic(params.id));
  registerStaffEndpoint(admin, api.listNodeGroups, () => nodes.groups());
  registerStaffEndpoint(admin, api.createNodeGroup, ({ body, actor }) => nodes.createGroup(body.name, actor));
  registerStaffEndpoint(admin, api.updateNodeGroup, ({ params, body, actor }) =>
    nodes.renameGroup(params.id, body.name, actor),
  );
  registerStaffEndpoint(admin, api.deleteNodeGroup, ({ params, actor }) =>
    nodes.deleteGroup(params.id, actor),
  );
  registerStaffEndpoint(admin, agentSettingsAdminApi.getAgentSettings, () => agentSettings.get());
  registerStaffEndpoint(admin, agentSettingsAdminApi.setAgentSettings, ({ body, actor }) =>
    agentSettings.save(actor, body),
  );
}
