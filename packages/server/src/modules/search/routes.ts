import { searchApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/route.js';
import type { SearchService } from './service.js';

/** The console's top-bar search: the signed-in user's own records and the help centre, in their language. */
export function searchRoutes(api: FastifyInstance, svc: SearchService): void {
  registerEndpoint(api, searchApi.search, ({ auth, query, request }) =>
    svc.search(auth.user.id, query.q, request.locale, query.limit),
  );
}
