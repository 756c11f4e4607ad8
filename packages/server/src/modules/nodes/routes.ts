import { nodesApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/route.js';
import type { NodeService } from './node-service.js';

/** The node centre: any signed-in user may look. */
export function nodeRoutes(app: FastifyInstance, nodes: NodeService): void {
  const svc = () => nodes;
  registerEndpoint(app, nodesApi.summary, () => svc().summary());
  registerEndpoint(app, nodesApi.statuses, () => svc().statuses());
  registerEndpoint(app, nodesApi.listNodes, ({ query, request, auth }) =>
    svc().list(query, request.locale, auth.user.id),
  );
  registerEndpoint(app, nodesApi.getNode, ({ params, request, auth }) =>
    svc().get(params.id, request.locale, auth.user.id),
  );
}
