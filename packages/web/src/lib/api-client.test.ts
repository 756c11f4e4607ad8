import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_PREFIX,
  CLIENT_MESSAGES,
  ERRORS,
  FORCED_SIGN_OUT_CODES,
  STORAGE_KEYS,
  authApi,
  usersApi,
} from '@portal/contract';
import type { Locale } from '@portal/contract';
import { fail, installFakeFetch, ok } from '../test/fake-fetch';
import { i18n } from '../i18n/i18n';
import { apiRequest, configureApiClient, resetApiClient } from './api-client';
import { ApiError } from './api-error';
import { saveTokens } from './token-store';

const PROFILE = {
  id: 1,
  email: 'a@example.com',
  nickname: 'Ann',
  avatar: null,
  email_verified: true,
  status: 'normal',
  level: 'regular',
  has_password: true,
  last_login_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

let locale: Locale = 'zh_CN';
const navigate = vi.fn();
const notify = vi.fn();
const onSignOut = vi.fn();

beforeEach(() => {
  locale = 'zh_CN';
  navigate.mockReset();
  notify.mockReset();
  onSignOut.mockReset();
  resetApiClient();
  configureApiClient({ navigate, notify, onSignOut, getLocale: () => locale });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const isRefresh = (url: string) => url.endsWith('/auth/refresh');

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('requests', () => {
  it('calls the prefixed path with the bearer token and Accept-Language from the chosen language', async () => {
    saveTokens('access-1', 'refresh-1', true);
    locale = 'zh_TW';
    const { calls } = installFakeFetch(() => ok(PROFILE));
    const user = await apiRequest(usersApi.getProfile);
    expect(user.email).toBe('a@example.com');
    expect(calls[0]?.url).toBe(`${API_PREFIX}/users/profile`);
    expect(calls[0]?.headers.Authorization).toBe('Bearer access-1');
    expect(calls[0]?.headers['Accept-Language']).toBe('zh-TW');
  });

  it('sends en as "en" and no Authorization header without a token', async () => {
    locale = 'en';
    const { calls } = installFakeFetch(() =>
      ok({ access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 900 }),
    );
    await apiRequest(authApi.login, { body: { email: 'a@example.com', password: 'secret1' } });
    expect(calls[0]?.headers['Accept-Language']).toBe('en');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toEqual({ email: 'a@example.com', password: 'secret1' });
  });

  // The server has checked `data` against the same schema before sending it (envelope.test.ts on the server):
  // the browser does not load zod and the schemas to check it again.
  it('returns data as the server sent it, without checking it again', async () => {
    saveTokens('t', 'r', true);
    installFakeFetch(() => ok({ balance: '12.00', extra: 1 }));
    await expect(apiRequest(usersApi.getBalance)).resolves.toEqual({ balance: '12.00', extra: 1 });
  });
});

describe('success codes', () => {
  it.each([20000, 20001, 29999])('code %i is a success', async (code) => {
    saveTokens('t', 'r', true);
    installFakeFetch(() => ({ status: 200, body: { code, message: 'ok', data: { balance: '1.00' } } }));
    await expect(apiRequest(usersApi.getBalance)).resolves.toEqual({ balance: '1.00' });
  });

  it.each([30000, 19999, 0])('code %i with HTTP 200 is an error', async (code) => {
    saveTokens('t', 'r', true);
    installFakeFetch(() => ({ status: 200, body: { code, message: 'odd', data: { balance: '1.00' } } }));
    const error = await caught(apiRequest(usersApi.getBalance));
    expect(error.code).toBe(code);
    expect(error.status).toBe(200);
  });
});

describe('error messages', () => {
  it('a known code gives the catalogue message in the current language', async () => {
    // The texts come with each language's messages (i18n/resources.ts), as when the customer switches to it.
    await i18n.loadLanguages(['en', 'zh_TW']);
    installFakeFetch(() => fail(401, ERRORS.WRONG_PASSWORD.code, 'wrong password (server)'));
    locale = 'en';
    const error = await caught(apiRequest(authApi.login, { body: { email: 'a@b.co', password: 'x' } }));
    expect(error).toMatchObject({ code: 40102, status: 401, message: ERRORS.WRONG_PASSWORD.message.en });
    locale = 'zh_TW';
    const again = await caught(apiRequest(authApi.login, { body: { email: 'a@b.co', password: 'x' } }));
    expect(again.message).toBe('密碼錯誤，請重試');
  });

  it('an unknown code gives the server message, keeping data', async () => {
    installFakeFetch(() => fail(400, 49999, 'something specific', { field: 'x' }));
    const error = await caught(apiRequest(authApi.login, { body: { email: 'a@b.co', password: 'x' } }));
    expect(error).toMatchObject({
      code: 49999,
      status: 400,
      message: 'something specific',
      data: { field: 'x' },
    });
  });

  it('no message at all gives the fallback', async () => {
    installFakeFetch(() => fail(400, 49999, ''));
    const error = await caught(apiRequest(authApi.login, { body: { email: 'a@b.co', password: 'x' } }));
    expect(error.message).toBe(CLIENT_MESSAGES.fallback.zh_CN);
  });

  it('a network failure gives the network message', async () => {
    installFakeFetch(() => 'network-error');
    locale = 'en';
    const error = await caught(apiRequest(authApi.login, { body: { email: 'a@b.co', password: 'x' } }));
    expect(error).toMatchObject({ kind: 'network', status: 0, message: CLIENT_MESSAGES.network.en });
  });

  it('an unparseable body gives the message with the HTTP status', async () => {
    installFakeFetch(() => ({ status: 502, raw: '<html>Bad gateway</html>' }));
    const error = await caught(apiRequest(authApi.login, { body: { email: 'a@b.co', password: 'x' } }));
    expect(error).toMatchObject({
      kind: 'unparseable',
      status: 502,
      message: '服务器响应解析失败 (HTTP 502)',
    });
  });
});

describe('refresh on 401', () => {
  it('three concurrent 401s share exactly one refresh, then all three are retried and succeed', async () => {
    saveTokens('old-access', 'old-refresh', true);
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const { calls } = installFakeFetch(async (call) => {
      if (isRefresh(call.url)) {
        await refreshGate;
        return ok({
          access_token: 'new-access',
          refresh_token: 'new-refresh',
          token_type: 'Bearer',
          expires_in: 900,
        });
      }
      return call.headers.Authorization === 'Bearer new-access' ? ok(PROFILE) : fail(401, 40107);
    });

    const pending = Promise.all([
      apiRequest(usersApi.getProfile),
      apiRequest(usersApi.getProfile),
      apiRequest(usersApi.getProfile),
    ]);
    await vi.waitFor(() => expect(calls.filter((c) => isRefresh(c.url))).toHaveLength(1));
    releaseRefresh();
    const results = await pending;

    expect(results.map((r) => r.id)).toEqual([1, 1, 1]);
    const refreshCalls = calls.filter((c) => isRefresh(c.url));
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]?.body).toEqual({ refresh_token: 'old-refresh' });
    expect(calls.filter((c) => c.headers.Authorization === 'Bearer new-access')).toHaveLength(3);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('refreshed tokens go back to the store they came from', async () => {
    saveTokens('old-access', 'old-refresh', false);
    installFakeFetch((call) => {
      if (isRefresh(call.url))
        return ok({
          access_token: 'new-access',
          refresh_token: 'new-refresh',
          token_type: 'Bearer',
          expires_in: 900,
        });
      return call.headers.Authorization === 'Bearer new-access' ? ok(PROFILE) : fail(401, 40107);
    });
    await apiRequest(usersApi.getProfile);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('new-access');
    expect(sessionStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('new-refresh');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('a business answer with 401 (wrong old password) is not a token problem: no refresh, session kept', async () => {
    saveTokens('access', 'refresh', true);
    const { calls } = installFakeFetch(() => fail(401, ERRORS.WRONG_PASSWORD.code));
    const error = await caught(
      apiRequest(authApi.changePassword, { body: { old_password: 'oldpass12', new_password: 'newpass12' } }),
    );
    expect(error.code).toBe(ERRORS.WRONG_PASSWORD.code);
    expect(calls.filter((c) => isRefresh(c.url))).toHaveLength(0);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('access');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a failed refresh clears both stores and the cache and goes to /', async () => {
    saveTokens('old-access', 'old-refresh', true);
    sessionStorage.setItem(STORAGE_KEYS.token, 'stray');
    installFakeFetch((call) => (isRefresh(call.url) ? fail(401, 40108) : fail(401, 40107)));
    const error = await caught(apiRequest(usersApi.getProfile));
    expect(error.status).toBe(401);
    for (const store of [localStorage, sessionStorage]) {
      expect(store.getItem(STORAGE_KEYS.token)).toBeNull();
      expect(store.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    }
    expect(onSignOut).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/');
    expect(navigate).not.toHaveBeenCalledWith('/login');
  });

  it('without a refresh token the session is cleared and the browser goes to /', async () => {
    sessionStorage.setItem(STORAGE_KEYS.token, 'only-access');
    const { calls } = installFakeFetch(() => fail(401, 40107));
    await caught(apiRequest(usersApi.getProfile));
    expect(calls.some((c) => isRefresh(c.url))).toBe(false);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('does not refresh for 401 from an auth path such as login', async () => {
    const { calls } = installFakeFetch(() => fail(401, 40102));
    await caught(apiRequest(authApi.login, { body: { email: 'a@b.co', password: 'x' } }));
    expect(calls).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('forced sign-out', () => {
  it.each(FORCED_SIGN_OUT_CODES)(
    'code %i clears the session, says so once and goes to /login after 800 ms',
    async (code) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      saveTokens('access', 'refresh', true);
      installFakeFetch(() => fail(403, code));
      const results = await Promise.allSettled([
        apiRequest(usersApi.getProfile),
        apiRequest(usersApi.getBalance),
      ]);
      expect(results.every((r) => r.status === 'rejected')).toBe(true);

      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
      expect(onSignOut).toHaveBeenCalled();
      expect(notify).toHaveBeenCalledTimes(1);
      expect(notify).toHaveBeenCalledWith('error', CLIENT_MESSAGES.sessionInvalid.zh_CN);

      vi.advanceTimersByTime(799);
      expect(navigate).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(navigate).toHaveBeenCalledTimes(1);
      expect(navigate).toHaveBeenCalledWith('/login');
    },
  );

  it('after a successful refresh, a retried request that is still refused signs out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    saveTokens('access', 'refresh', true);
    installFakeFetch((call) =>
      isRefresh(call.url)
        ? ok({ access_token: 'a2', refresh_token: 'r2', token_type: 'Bearer', expires_in: 900 })
        : fail(401, 40106),
    );
    await caught(apiRequest(usersApi.getProfile));
    expect(notify).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(800);
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
