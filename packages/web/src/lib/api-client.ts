/**
 * The API client of product rules §3, §4.2, §7 and §8: envelope, success codes, localized errors, bearer tokens
 * with one shared refresh, forced sign-out. Navigation, notification and cache clearing are injected
 * (configureApiClient) so the app wires them to the router, Mantine and TanStack Query, and tests can observe
 * them.
 */
import {
  ADMIN_API_PREFIX,
  API_PREFIX,
  CLIENT_MESSAGES,
  FORCED_SIGN_OUT_CODES,
  REDIRECT_DELAY,
  authApi,
  fillPath,
  isSuccessCode,
  localeToHeader,
} from '@portal/contract';
import type { Endpoint, EndpointBody, EndpointData, EndpointQuery, Locale } from '@portal/contract';
import { catalogueText, currentLocale } from '../i18n/i18n';
import { ApiError } from './api-error';
import { clearTokens, getAccessToken, getRefreshToken, replaceTokens } from './token-store';

export type NotifyKind = 'success' | 'error' | 'info';

export interface ApiClientConfig {
  navigate: (to: string) => void;
  notify: (kind: NotifyKind, message: string) => void;
  /** Called whenever the session is cleared: the app clears its query cache here. */
  onSignOut: () => void;
  getLocale: () => Locale;
}

const defaultConfig: ApiClientConfig = {
  navigate: (to) => window.location.assign(to),
  notify: () => undefined,
  onSignOut: () => undefined,
  getLocale: currentLocale,
};

let config: ApiClientConfig = { ...defaultConfig };

export function configureApiClient(overrides: Partial<ApiClientConfig>): void {
  config = { ...config, ...overrides };
}

let refreshInFlight: Promise<boolean> | null = null;
let signOutPending = false;
let signOutTimer: ReturnType<typeof setTimeout> | null = null;

/** Back to a fresh client (tests). */
export function resetApiClient(): void {
  config = { ...defaultConfig };
  refreshInFlight = null;
  signOutPending = false;
  if (signOutTimer) clearTimeout(signOutTimer);
  signOutTimer = null;
}

export interface RequestInput<E extends Endpoint> {
  params?: Record<string, string | number>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  /** A multipart body (file uploads) sent instead of JSON; the browser sets its content type. */
  formData?: FormData;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** No refresh on 401 and no forced sign-out (logout, the refresh call itself). */
  skipAuthHandling?: boolean;
}

function localized(messages: Record<Locale, string>, vars: Record<string, string | number> = {}): string {
  const text = messages[config.getLocale()];
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value as string | number | boolean));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function unparseable(status: number): ApiError {
  return new ApiError({
    kind: 'unparseable',
    code: 0,
    status,
    message: localized(CLIENT_MESSAGES.unparseable, { status }),
  });
}

interface ParsedReply {
  code: number;
  message: string;
  data: unknown;
}

/** Reads the envelope; throws the unparseable error (with the HTTP status) or an HTTP error without a code. */
async function readEnvelope(response: Response): Promise<ParsedReply> {
  let body: unknown;
  try {
    const text = await response.text();
    body = JSON.parse(text);
  } catch {
    throw unparseable(response.status);
  }
  if (!body || typeof body !== 'object') throw unparseable(response.status);
  const record = body as Record<string, unknown>;
  const serverMessage =
    typeof record.message === 'string'
      ? record.message
      : typeof record.detail === 'string'
        ? record.detail
        : '';
  if (typeof record.code !== 'number') {
    if (response.ok) throw unparseable(response.status);
    throw new ApiError({
      kind: 'http',
      code: 0,
      status: response.status,
      message: serverMessage || localized(CLIENT_MESSAGES.fallback),
      data: record.data ?? null,
    });
  }
  return { code: record.code, message: serverMessage, data: record.data ?? null };
}

/** The message shown for a failed answer: catalogue text in the current language, else the server's, else fallback. */
export function messageForCode(code: number, serverMessage?: string | null): string {
  return catalogueText(code, config.getLocale()) ?? (serverMessage || localized(CLIENT_MESSAGES.fallback));
}

function businessError(reply: ParsedReply, status: number): ApiError {
  return new ApiError({
    kind: 'business',
    code: reply.code,
    status,
    message: messageForCode(reply.code, reply.message),
    data: reply.data,
  });
}

/** Clears both token stores and all cached data. */
export function clearSession(): void {
  clearTokens();
  config.onSignOut();
}

/**
 * Shows `message` once, clears the session and goes to /login after `delayMs`. Further calls while one is pending
 * do nothing, so a burst of failing requests gives one message and one redirect.
 */
export function signOutWithMessage(message: string, delayMs: number = REDIRECT_DELAY.forcedSignOutMs): void {
  if (signOutPending) return;
  signOutPending = true;
  config.notify('error', message);
  clearSession();
  signOutTimer = setTimeout(() => {
    signOutPending = false;
    signOutTimer = null;
    config.navigate('/login');
  }, delayMs);
}

/** The reaction to codes 40001/40106/40107/40108. */
export function forceSignOut(): void {
  signOutWithMessage(localized(CLIENT_MESSAGES.sessionInvalid));
}

async function doRefresh(): Promise<boolean> {
  const refreshToken = getRefreshToken();
  if (refreshToken) {
    try {
      const pair = await apiRequest(
        authApi.refresh,
        { body: { refresh_token: refreshToken } },
        { skipAuthHandling: true },
      );
      replaceTokens(pair.access_token, pair.refresh_token);
      return true;
    } catch {
      // fall through: the session is over
    }
  }
  clearSession();
  config.navigate('/');
  return false;
}

/** One refresh for all the requests that got 401 at the same time. */
function refreshOnce(): Promise<boolean> {
  refreshInFlight ??= doRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function send(
  endpoint: Endpoint,
  url: string,
  body: unknown,
  signal: AbortSignal | undefined,
): Promise<{ response: Response; token: string | null }> {
  const token = getAccessToken();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': localeToHeader(config.getLocale()),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(url, {
      method: endpoint.method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
    return { response, token };
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ kind: 'network', code: 0, status: 0, message: localized(CLIENT_MESSAGES.network) });
  }
}

/** Calls an endpoint of the contract and returns its `data` (checked against the endpoint's schema by the server). */
export async function apiRequest<E extends Endpoint>(
  endpoint: E,
  input: RequestInput<E> = {},
  options: RequestOptions = {},
): Promise<EndpointData<E>> {
  // Staff endpoints (with a permission) live under the staff API's prefix.
  const prefix = endpoint.permission ? ADMIN_API_PREFIX : API_PREFIX;
  const url = `${prefix}${fillPath(endpoint.path, input.params)}${queryString(input.query)}`;
  const handleAuth = !options.skipAuthHandling;
  const payload = input.formData ?? input.body;

  let { response, token } = await send(endpoint, url, payload, options.signal);

  if (response.status === 401 && handleAuth && endpoint.auth) {
    let refused: ParsedReply | null = null;
    let unreadable: unknown = null;
    try {
      refused = await readEnvelope(response);
    } catch (error) {
      unreadable = error;
    }
    // A business answer sent with 401 (40102: the old password is wrong) is not about the token: no refresh.
    if (refused && !isSuccessCode(refused.code) && !FORCED_SIGN_OUT_CODES.includes(refused.code)) {
      throw businessError(refused, response.status);
    }
    // Another request may have refreshed while this one was in flight: then just retry with the new token.
    const current = getAccessToken();
    const refreshed = current !== null && current !== token ? true : await refreshOnce();
    if (!refreshed) {
      if (refused) throw businessError(refused, response.status);
      throw unreadable;
    }
    ({ response, token } = await send(endpoint, url, payload, options.signal));
  }

  const reply = await readEnvelope(response);
  if (!isSuccessCode(reply.code)) {
    const error = businessError(reply, response.status);
    if (handleAuth && FORCED_SIGN_OUT_CODES.includes(reply.code) && (token !== null || endpoint.auth)) {
      forceSignOut();
    }
    throw error;
  }
  // The server checks every answer against the same contract before sending it (its serializer parses `data`
  // with the endpoint's schema and answers 50000 when it does not fit), so the browser takes `data` as it comes:
  // checking it again needed zod and every endpoint's schemas before the first screen (the build strips them).
  return reply.data as EndpointData<E>;
}
