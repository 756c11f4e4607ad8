/**
 * Where the tokens live (product rules §4.2): localStorage with remember-me, sessionStorage otherwise. Reading
 * checks both; refreshed tokens go back to the store they came from.
 */
import { STORAGE_KEYS } from '@portal/contract';
import { emitAuthChanged } from './auth-events';

export interface StoredTokens {
  accessToken: string;
  refreshToken: string | null;
}

export type TokenStoreKind = 'local' | 'session';

function storage(kind: TokenStoreKind): Storage {
  return kind === 'local' ? window.localStorage : window.sessionStorage;
}

function safeGet(kind: TokenStoreKind, key: string): string | null {
  try {
    return storage(kind).getItem(key);
  } catch {
    return null;
  }
}

/** The store that holds the access token now: localStorage first, then sessionStorage. */
export function currentStoreKind(): TokenStoreKind | null {
  if (safeGet('local', STORAGE_KEYS.token)) return 'local';
  if (safeGet('session', STORAGE_KEYS.token)) return 'session';
  return null;
}

export function getAccessToken(): string | null {
  return safeGet('local', STORAGE_KEYS.token) ?? safeGet('session', STORAGE_KEYS.token);
}

export function getRefreshToken(): string | null {
  const kind = currentStoreKind();
  if (kind) return safeGet(kind, STORAGE_KEYS.refreshToken);
  return safeGet('local', STORAGE_KEYS.refreshToken) ?? safeGet('session', STORAGE_KEYS.refreshToken);
}

export function getTokens(): StoredTokens | null {
  const accessToken = getAccessToken();
  return accessToken ? { accessToken, refreshToken: getRefreshToken() } : null;
}

export function isSignedIn(): boolean {
  return getAccessToken() !== null;
}

function write(kind: TokenStoreKind, accessToken: string, refreshToken: string | null): void {
  const target = storage(kind);
  target.setItem(STORAGE_KEYS.token, accessToken);
  if (refreshToken) target.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  else target.removeItem(STORAGE_KEYS.refreshToken);
}

function clearStore(kind: TokenStoreKind): void {
  try {
    storage(kind).removeItem(STORAGE_KEYS.token);
    storage(kind).removeItem(STORAGE_KEYS.refreshToken);
  } catch {
    // storage unavailable: nothing to clear
  }
}

/** After login: remember-me keeps the tokens across browser restarts. */
export function saveTokens(accessToken: string, refreshToken: string | null, remember: boolean): void {
  const kind: TokenStoreKind = remember ? 'local' : 'session';
  clearStore(kind === 'local' ? 'session' : 'local');
  write(kind, accessToken, refreshToken);
  emitAuthChanged();
}

/** After a refresh: the new pair replaces the old one in the same store. */
export function replaceTokens(accessToken: string, refreshToken: string | null): void {
  write(currentStoreKind() ?? 'session', accessToken, refreshToken);
  emitAuthChanged();
}

/** Clears both stores. */
export function clearTokens(): void {
  clearStore('local');
  clearStore('session');
  emitAuthChanged();
}
