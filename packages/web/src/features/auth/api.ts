import { authApi, REDIRECT_DELAY } from '@portal/contract';
import { apiRequest, clearSession } from '../../lib/api-client';
import { getRefreshToken } from '../../lib/token-store';

/** POST /auth/logout with the refresh token, then the session is cleared whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await apiRequest(
      authApi.logout,
      { body: { refresh_token: getRefreshToken() } },
      { skipAuthHandling: true },
    );
  } catch {
    // the server may already have forgotten the session; signing out locally is what matters
  } finally {
    clearSession();
  }
}

export const AFTER_LOGIN_MS = REDIRECT_DELAY.afterLoginMs;
export const AFTER_LOGOUT_MS = REDIRECT_DELAY.afterLogoutMs;
export const AFTER_OAUTH_MS = REDIRECT_DELAY.afterOAuthMs;
