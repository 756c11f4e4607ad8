import type { FastifyInstance } from 'fastify';

/** Tickets under the portal API prefix (filled in by the tickets feature). */
export function ticketRoutes(_api: FastifyInstance): void {}

/** Staff side of tickets under the admin API prefix. */
export function adminTicketRoutes(_admin: FastifyInstance): void {}

/** Background work of the tickets feature (started unless NODE_ENV=test). */
export function registerTicketJobs(_app: FastifyInstance): void {}
