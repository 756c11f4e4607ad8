/**
 * Third-party sign-in and binding (product rules §4.2): ask the API for the provider's URL, remember state,
 * provider and mode in sessionStorage, leave for the provider; /auth/callback compares the returned state with
 * the stored one.
 */
import { OAUTH_PROVIDERS, authApi, STORAGE_KEYS } from '@portal/contract';
import type { OAuthProvider } from '@portal/contract';
import { apiRequest } from '../../lib/api-client';

export type OAuthMode = 'login' | 'bind';

export const OAUTH_SESSION_KEYS = {
  state: 'oauth_state',
  provider: 'oauth_provider',
  mode: 'oauth_mode',
} as const;

export interface PendingOAuth {
  state: string;
  provider: OAuthProvider;
  mode: OAuthMode;
}

export function savePendingOAuth(pending: PendingOAuth): void {
  sessionStorage.setItem(OAUTH_SESSION_KEYS.state, pending.state);
  sessionStorage.setItem(OAUTH_SESSION_KEYS.provider, pending.provider);
  sessionStorage.setItem(OAUTH_SESSION_KEYS.mode, pending.mode);
}

/** What the browser stored before leaving; null when something is missing or unknown. */
export function readPendingOAuth(): PendingOAuth | null {
  try {
    const state = sessionStorage.getItem(OAUTH_SESSION_KEYS.state);
    const stored = sessionStorage.getItem(OAUTH_SESSION_KEYS.provider);
    const provider = OAUTH_PROVIDERS.find((known) => known === stored);
    const mode = sessionStorage.getItem(OAUTH_SESSION_KEYS.mode) === 'bind' ? 'bind' : 'login';
    if (!state || !provider) return null;
    return { state, provider, mode };
  } catch {
    return null;
  }
}

export function clearPendingOAuth(): void {
  try {
    for (const key of Object.values(OAUTH_SESSION_KEYS)) sessionStorage.removeItem(key);
  } catch {
    // storage unavailable: nothing was stored
  }
}

/** Leaves the page; a seam so tests can observe it (jsdom does not navigate). */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Starts sign-in (or binding, for the signed-in user) with `provider`. Throws the ApiError of the authorize call. */
export async function startOAuth(provider: OAuthProvider, mode: OAuthMode): Promise<void> {
  const { authorization_url, state } = await apiRequest(authApi.oauthAuthorize, {
    params: { provider },
    query: { mode },
  });
  savePendingOAuth({ state, provider, mode });
  browser.assign(authorization_url);
}

/** The first third-party login asks the console to show the welcome modal once. */
export function markFirstLogin(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.firstLogin, 'true');
  } catch {
    // storage unavailable: no welcome
  }
}
