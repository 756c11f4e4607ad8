import {
  SUCCESS_CODE,
  SUCCESS_MESSAGE,
  envelopeSchema,
  errorEnvelopeSchema,
  type Endpoint,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { authenticateRequest, type Authenticated } from './auth-guard.js';
import { AppError } from './app-error.js';

type Out<S> = NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

export interface HandlerInput<E extends Endpoint> {
  /** The signed-in user and session; always there for endpoints with `auth: true`. */
  auth: E['auth'] extends true ? Authenticated : Authenticated | null;
  body: Out<E['body']>;
  query: Out<E['query']>;
  params: Out<E['params']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Staff only: a signed-in user without the admin role gets 40002. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.auth?.user.role !== 'admin') throw new AppError('FORBIDDEN');
}

/**
 * Registers one endpoint of the contract: its schemas validate the request and the answer, and the handler's
 * result is wrapped in the success envelope in the caller's language. Routes stay thin (product rules §10: route ->
 * service -> repository).
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: HandlerInput<E>) => Promise<z.input<E['data']>>,
  /** The prefix of the plugin scope the route is registered in (its path is given relative to it). */
  mountedAt = '',
): void {
  if (mountedAt && endpoint.path !== mountedAt && !endpoint.path.startsWith(`${mountedAt}/`))
    throw new Error(`${endpoint.path} is not under ${mountedAt}`);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path.slice(mountedAt.length),
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.auth ? { security: [{ bearer: [] }] } : {}),
      response: {
        200: envelopeSchema(endpoint.data),
        '4xx': errorEnvelopeSchema,
        '5xx': errorEnvelopeSchema,
      },
    },
    // Who is calling is settled before anything is read from the request: a caller without the right to the
    // endpoint learns nothing about its body (40001/40002 come before parsing and validation).
    ...(endpoint.role === 'admin'
      ? { onRequest: [authenticateRequest, requireAdmin] }
      : endpoint.auth
        ? { onRequest: authenticateRequest }
        : {}),
    handler: async (request, reply) => {
      const data = await handler({
        auth: request.auth as HandlerInput<E>['auth'],
        body: request.body as Out<E['body']>,
        query: request.query as Out<E['query']>,
        params: request.params as Out<E['params']>,
        request,
        reply,
      });
      return { code: SUCCESS_CODE, message: SUCCESS_MESSAGE[request.locale], data };
    },
  });
}

/**
 * The staff scope's guard against an endpoint registered there without `role: 'admin'`: such a route would be
 * open to any caller, so registering it stops the server from starting.
 */
export function assertStaffOnly(route: { url: string; onRequest?: unknown }): void {
  const hooks = [route.onRequest].flat();
  if (!hooks.includes(requireAdmin))
    throw new Error(`${route.url} is in the staff API but is not staff-only`);
}
