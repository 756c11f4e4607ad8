import {
  API_PREFIX,
  DEFAULT_LOCALE,
  ERRORS,
  localeFromAcceptLanguage,
  VALIDATION_MESSAGES,
  validationKeyName,
  type ErrorDefinition,
  type Locale,
  type ValidationMessageKey,
} from '@portal/contract';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isAppError } from '../lib/app-error.js';
import { isLeanRoute } from '../lib/lean-route.js';
import { securityHeaders } from './security.js';

export interface FieldError {
  field: string;
  message: string;
}

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  error: ErrorDefinition,
  data: unknown,
  status = error.status,
) {
  return reply.status(status).send({ code: error.code, message: error.message[request.locale], data });
}

function keywordMessage(keyword: string, message: string): ValidationMessageKey {
  if (keyword === 'invalid_type' && /received undefined/.test(message)) return 'required';
  if (keyword === 'too_big') return 'too_long';
  if (keyword === 'too_small') return 'too_short';
  if (keyword === 'unrecognized_keys') return 'unknown_field';
  return 'invalid';
}

export function translateIssue(message: string, keyword: string, locale: Locale): string {
  const key = validationKeyName(message) ?? keywordMessage(keyword, message);
  return VALIDATION_MESSAGES[key][locale];
}

const CONTEXT_NAMES: Record<string, string> = {
  querystring: 'query',
  params: 'params',
  body: 'body',
  headers: 'headers',
};

/**
 * Every failure leaves as the envelope `{code, message, data}`: catalogue errors, validation (40004 naming the
 * fields), malformed requests, rate limits, and anything unexpected (50000, logged with the request id, no stack
 * trace to the client). Unknown API paths answer 40003.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The locale hook lets lean routes pass: their caller's language is read only when they fail.
    if (isLeanRoute(request)) request.locale = localeFromAcceptLanguage(request.headers['accept-language']);
    if (isAppError(error)) {
      const def = Object.values(ERRORS).find((e) => e.code === error.code) ?? ERRORS.INTERNAL;
      if (def.status >= 500 && def !== ERRORS.SERVER_BUSY)
        request.log.error({ err: error }, 'request failed');
      // A refusal that names when to come back (rate limits, the server busy) says it in the standard header too.
      const retryAfter = (error.data as { retry_after_seconds?: unknown } | null)?.retry_after_seconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return send(reply, request, def, error.data, error.statusCode);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = CONTEXT_NAMES[error.validationContext ?? 'body'] ?? 'body';
      const errors: FieldError[] = error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return {
          field: path ? `${context}.${path}` : context,
          message: translateIssue(issue.message ?? '', issue.keyword, request.locale),
        };
      });
      return send(reply, request, ERRORS.VALIDATION, { field: errors[0]?.field ?? context, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return send(reply, request, ERRORS.INTERNAL, null);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(reply, request, ERRORS.RATE_LIMIT, null);
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large…: the client's fault, said plainly.
      request.log.info({ code: error.code, message: error.message }, 'bad request');
      return send(reply, request, ERRORS.BAD_REQUEST, { reason: error.code ?? null }, status);
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, request, ERRORS.INTERNAL, null);
  });
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/** 404 for the API in the envelope; other paths are handled by the web app's fallback when it is served. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, request, ERRORS.NOT_FOUND, { path: request.url.split('?')[0] ?? request.url });
}

export { API_PREFIX };

/**
 * Requests the router refuses before any route or hook runs (Fastify's `frameworkErrors`): a path parameter longer
 * than the router accepts (414), a URL that cannot be decoded (400). They get the envelope and the usual headers.
 */
export function answerFrameworkError(publicUrl: string) {
  const fixed = securityHeaders(publicUrl);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void =>
    refuseFramework(error, request, reply, fixed);
}

function refuseFramework(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  fixed: Readonly<Record<string, string>>,
): void {
  const status =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 414
      : error.statusCode && error.statusCode < 500
        ? error.statusCode
        : 400;
  const locale = localeFromAcceptLanguage(request.headers['accept-language']);
  request.log.info({ code: error.code }, 'request refused by the router');
  void reply
    .headers(fixed)
    .header('x-request-id', request.id)
    .status(status)
    .send({
      code: ERRORS.BAD_REQUEST.code,
      message: ERRORS.BAD_REQUEST.message[locale],
      data: { reason: error.code ?? null },
    });
}

/**
 * Connections Node's HTTP parser refuses before there is a request (Fastify's `clientErrorHandler`): headers over
 * the size limit (431), a request that took too long to arrive (408), anything else malformed (400). The answer is
 * written straight to the socket, as the envelope with the usual headers, in the default language (there are no
 * headers to read the caller's from).
 */
export function answerClientError(publicUrl: string) {
  const fixed = securityHeaders(publicUrl);
  return function (this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
    refuseClient(this, error, socket, fixed);
  };
}

function refuseClient(
  app: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
  fixed: Readonly<Record<string, string>>,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  app.log.info({ code: error.code, status }, 'malformed request refused');
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const body = JSON.stringify({
    code: ERRORS.BAD_REQUEST.code,
    message: ERRORS.BAD_REQUEST.message[DEFAULT_LOCALE],
    data: { reason: error.code ?? null },
  });
  const headers = {
    ...fixed,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'x-request-id': randomUUID(),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n\r\n${body}`);
}
