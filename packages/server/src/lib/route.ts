import {
  hasPermission,
  isStaffRole,
  SUCCESS_CODE,
  SUCCESS_MESSAGE,
  envelopeSchema,
  errorEnvelopeSchema,
  type Endpoint,
  type Permission,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { authenticateRequest, type Authenticated } from './auth-guard.js';
import { AppError } from './app-error.js';
import { staffActorOf, type StaffActor } from './staff-actor.js';

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

/** The onRequest guards of staff endpoints (assertStaffOnly recognises them). */
const staffGuards = new WeakSet<object>();

/**
 * Staff only: a staff member whose session was not opened with the second factor (two-factor off, or a session
 * from before enrolment or from another device) gets 40120 on every staff endpoint; a signed-in caller whose role
 * lacks the permission (customers always) gets 40002.
 */
export function requirePermission(permission: Permission) {
  const guard = async (request: FastifyRequest): Promise<void> => {
    const auth = request.auth;
    if (auth && isStaffRole(auth.user.role) && !auth.session.two_factor_at)
      throw new AppError('TWO_FACTOR_REQUIRED');
    if (!hasPermission(auth?.user.role, permission)) throw new AppError('FORBIDDEN');
  };
  staffGuards.add(guard);
  return guard;
}

/**
 * Registers one endpoint of the contract: its schemas validate the request and the answer, and the handler's
 * result is wrapped in the success envelope in the caller's language. Routes stay thin (product rules §10: route ->
 * service -> repository). Staff endpoints (with a permission) go through registerStaffEndpoint.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: HandlerInput<E>) => Promise<z.input<E['data']>>,
  /** The prefix of the plugin scope the route is registered in (its path is given relative to it). */
  mountedAt = '',
): void {
  if (endpoint.permission)
    throw new Error(`${endpoint.path} needs a staff permission: register it with registerStaffEndpoint`);
  register(app, endpoint, (input) => handler(input), mountedAt);
}

export interface StaffHandlerInput<E extends Endpoint> extends HandlerInput<E> {
  auth: Authenticated;
  /** Who does it, for the audit log: a write records itself with it (modules/audit recordAudit). */
  actor: StaffActor;
}

/**
 * Registers a staff endpoint: only a staff role with the endpoint's permission gets past its guard (40002 for
 * everyone else, customers included), and every write it answers must have recorded itself in the audit log with
 * the actor it is given: a write without a record fails outside production and is logged as an error in it.
 */
export function registerStaffEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: StaffHandlerInput<E>) => Promise<z.input<E['data']>>,
  mountedAt = '',
): void {
  if (!endpoint.permission) throw new Error(`${endpoint.path} is registered as staff but has no permission`);
  register(
    app,
    endpoint,
    async (input) => {
      const actor = staffActorOf(input.request);
      const data = await handler({ ...input, auth: input.auth as Authenticated, actor });
      if (endpoint.method !== 'GET' && !actor.recorded) {
        const message = `staff write ${endpoint.method} ${endpoint.path} answered without an audit record`;
        input.request.log.error({ action: `${endpoint.method} ${endpoint.path}` }, message);
        if (input.request.server.ctx.config.env !== 'production') throw new Error(message);
      }
      return data;
    },
    mountedAt,
  );
}

function register<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: HandlerInput<E>) => Promise<z.input<E['data']>>,
  mountedAt: string,
): void {
  if (mountedAt && endpoint.path !== mountedAt && !endpoint.path.startsWith(`${mountedAt}/`))
    throw new Error(`${endpoint.path} is not under ${mountedAt}`);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path.slice(mountedAt.length),
    schema: {
      summary: endpoint.summary,
      ...(endpoint.permission
        ? { description: `Staff only: needs the permission \`${endpoint.permission}\`.` }
        : {}),
      tags: [...endpoint.tags],
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.auth ? { security: [{ bearer: [] }] } : {}),
      response: {
        // A file (CSV) is sent by the handler itself, as it is.
        200: endpoint.produces ? endpoint.data : envelopeSchema(endpoint.data),
        '4xx': errorEnvelopeSchema,
        '5xx': errorEnvelopeSchema,
      },
    },
    // Who is calling is settled before anything is read from the request: a caller without the right to the
    // endpoint learns nothing about its body (40001/40002 come before parsing and validation).
    ...(endpoint.permission
      ? { onRequest: [authenticateRequest, requirePermission(endpoint.permission)] }
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
      if (endpoint.produces) return reply;
      return { code: SUCCESS_CODE, message: SUCCESS_MESSAGE[request.locale], data };
    },
  });
}

/**
 * The staff scope's guard against an endpoint registered there without a permission: such a route would be open
 * to any caller, so registering it stops the server from starting.
 */
export function assertStaffOnly(route: { url: string; onRequest?: unknown }): void {
  const hooks = [route.onRequest].flat();
  if (!hooks.some((hook) => typeof hook === 'function' && staffGuards.has(hook)))
    throw new Error(`${route.url} is in the staff API but is not staff-only`);
}
