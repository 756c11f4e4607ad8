import type { FastifyInstance } from 'fastify';

/** The help centre under the portal API prefix (filled in by the help feature). */
export function helpRoutes(_api: FastifyInstance): void {}

/** Staff side of the help centre under the admin API prefix. */
export function adminHelpRoutes(_admin: FastifyInstance): void {}
