import { ERRORS, type TokenPair } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, registerUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';

const API = '/api/v1/portal';

/** Signing out ends a session: the refresh token's, or without one the bearer token's (issue 20 §5). */
describe(`logout (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const profile = (tokens: TokenPair) =>
    call(t.app, { url: `${API}/users/profile`, token: tokens.access_token });
  const refresh = (tokens: TokenPair) =>
    call(t.app, {
      method: 'POST',
      url: `${API}/auth/refresh`,
      payload: { refresh_token: tokens.refresh_token },
    });

  it.each([
    ['null', { refresh_token: null }],
    ['absent', {}],
  ])('with the refresh token %s, ends the bearer token’s own session only', async (_, payload) => {
    const email = await registerUser(t.app);
    const mine = await login(t.app, email);
    const other = await login(t.app, email);
    const r = await call(t.app, {
      method: 'POST',
      url: `${API}/auth/logout`,
      token: mine.access_token,
      payload,
    });
    expect(r.code, r.message).toBe(20000);
    expect((await profile(mine)).code).toBe(ERRORS.TOKEN_INVALID.code);
    expect((await refresh(mine)).code).toBe(ERRORS.REFRESH_TOKEN_INVALID.code);
    // The account's other session goes on.
    expect((await profile(other)).code).toBe(20000);
  });

  it('with a refresh token, ends that session', async () => {
    const email = await registerUser(t.app);
    const tokens = await login(t.app, email);
    const r = await call(t.app, {
      method: 'POST',
      url: `${API}/auth/logout`,
      payload: { refresh_token: tokens.refresh_token },
    });
    expect(r.code).toBe(20000);
    expect((await profile(tokens)).code).toBe(ERRORS.TOKEN_INVALID.code);
  });

  it('without a token or with a forged one, answers success and ends nothing', async () => {
    const email = await registerUser(t.app);
    const tokens = await login(t.app, email);
    const anonymous = await call(t.app, { method: 'POST', url: `${API}/auth/logout`, payload: {} });
    expect(anonymous.code).toBe(20000);
    const forged = await call(t.app, {
      method: 'POST',
      url: `${API}/auth/logout`,
      token: `${tokens.access_token.slice(0, -4)}AAAA`,
      payload: { refresh_token: null },
    });
    expect(forged.code).toBe(20000);
    expect((await profile(tokens)).code).toBe(20000);
  });
});
