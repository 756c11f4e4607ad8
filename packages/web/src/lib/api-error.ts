/** The one error type of every API call. */
export type ApiErrorKind = 'business' | 'http' | 'network' | 'unparseable';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  code: number;
  status: number;
  message: string;
  data?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** The envelope's code; 0 when the server gave none (network failure, unreadable reply). */
  readonly code: number;
  /** The HTTP status; 0 when no reply arrived. */
  readonly status: number;
  readonly data: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.code = init.code;
    this.status = init.status;
    this.data = init.data ?? null;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Business errors (4xxxx codes) are answers, not accidents: retrying does not change them. */
export function isClientBusinessError(error: unknown): boolean {
  return isApiError(error) && error.code >= 40000 && error.code < 50000;
}
