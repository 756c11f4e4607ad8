import { nodesApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/route.js';

/** The node centre: any signed-in user may look. */
export function nodeRoutes(app: FastifyInstance): void {
  const svc = () => app.ctx.services.nodes;
  registerEndpoint(app, nodesApi.summary, () => svc().summary());
  registerEndpoint(app, nodesApi.statuses, () => svc().statuses());
  registerEndpoint(app, nodesApi.listNodes, ({ query }) => svc().list(query));
  registerEndpoint(app, nodesApi.getNode, ({ params }) => svc().get(params.id));
}
