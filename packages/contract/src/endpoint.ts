import { z } from 'zod';
import { SUCCESS_CODE } from './errors.js';
import type { Permission } from './staff.js';

/**
 * One contract per endpoint: method, path (relative to the API prefix, `:param` for path parameters), request
 * schemas and the schema of `data` in the success envelope. Server routes and web hooks both import them.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<
  Data extends z.ZodType = z.ZodType,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Auth extends boolean = boolean,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: readonly string[];
  /** false for calls that need no bearer token. */
  auth: Auth;
  /**
   * Staff only: the permission a staff role needs (others, customers included, get 40002). Staff endpoints live
   * under ADMIN_API_PREFIX.
   */
  permission?: Permission;
  /** A file rather than the JSON envelope (the handler sends it itself); `data` is then its text. */
  produces?: 'text/csv';
  body?: Body;
  query?: Query;
  params?: Params;
  data: Data;
}

export function defineEndpoint<
  Data extends z.ZodType,
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
  Auth extends boolean = boolean,
>(endpoint: Endpoint<Data, Body, Query, Params, Auth>): Endpoint<Data, Body, Query, Params, Auth> {
  return endpoint;
}

export type EndpointData<E extends Endpoint> = z.output<E['data']>;
/** Request body / query types of an endpoint (the fields are optional, so undefined is stripped first). */
export type EndpointBody<E extends Endpoint> =
  NonNullable<E['body']> extends z.ZodType ? z.input<NonNullable<E['body']>> : undefined;
export type EndpointQuery<E extends Endpoint> =
  NonNullable<E['query']> extends z.ZodType ? z.input<NonNullable<E['query']>> : undefined;

/** `{code, message, data}` around a data schema. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().nullable(),
});

export type Envelope<T> = { code: number; message: string; data: T };

export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  });

export { SUCCESS_CODE };
