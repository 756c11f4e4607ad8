import type { FastifyInstance } from 'fastify';

/** Operator-configured site content (contact channels, dealers) under the portal API prefix. */
export function siteRoutes(_api: FastifyInstance): void {}

/** Staff side: editing that content under the admin API prefix. */
export function adminSiteRoutes(_admin: FastifyInstance): void {}
