import type { FastifyInstance } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/contract';
import { call, enrolTwoFactor, login, registerUser, uniqueEmail } from '../../test/accounts.js';
import { TOTP_STEP_SECONDS, totpAt } from '../../lib/totp.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';

const API = '/api/v1/portal';

/** What the stand-in provider reports for the next sign-in. */
interface Person {
  sub: string;
  email: string | null;
  verified: boolean;
  name: string;
}

/**
 * Third-party sign-in against a real OAuth2 server on 127.0.0.1 (oauth2-mock-server): real redirects, real code
 * exchange with PKCE checked by the server. It stands in for Google (OpenID userinfo) and for GitHub (user and
 * emails endpoints, answered in GitHub's shape).
 */
describe(`third-party sign-in (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let provider: OAuth2Server;
  let person: Person;

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    const issuer = provider.issuer.url!.replace(/\/$/, '');
    provider.service.on('beforeUserinfo', (response, req) => {
      const url = req.url ?? '';
      if (url.includes('kind=github-emails')) {
        response.body = person.email
          ? [{ email: person.email, primary: true, verified: person.verified }]
          : [];
      } else if (url.includes('kind=github-user')) {
        response.body = {
          id: Number(person.sub.replace(/\D/g, '')) || 42,
          login: person.name.toLowerCase(),
          name: person.name,
          email: null,
          avatar_url: null,
        };
      } else {
        response.body = {
          sub: person.sub,
          email: person.email,
          email_verified: person.verified,
          name: person.name,
        };
      }
    });
    t = await createTestApp({
      env: {
        LOG_LEVEL: 'warn',
        GOOGLE_CLIENT_ID: 'google-client',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        GOOGLE_AUTH_URL: `${issuer}/authorize`,
        GOOGLE_TOKEN_URL: `${issuer}/token`,
        GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
        GITHUB_CLIENT_ID: 'github-client',
        GITHUB_CLIENT_SECRET: 'github-secret',
        GITHUB_AUTH_URL: `${issuer}/authorize`,
        GITHUB_TOKEN_URL: `${issuer}/token`,
        GITHUB_USER_URL: `${issuer}/userinfo?kind=github-user`,
        GITHUB_EMAILS_URL: `${issuer}/userinfo?kind=github-emails`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });
  // Each test's person its own id, at both providers (the GitHub stand-in takes the digits of `sub` as the account's
  // id): the digits of a random string could repeat an id a test sets (gh-777 once signed in as an earlier person).
  let nextId = 100_000;
  beforeEach(() => {
    person = {
      sub: `g-${nextId++}`,
      email: uniqueEmail('oauth'),
      verified: true,
      name: 'Morpheus',
    };
  });

  /** Asks the portal for the authorization URL, follows it at the provider, returns what comes back to /auth/callback. */
  async function authorize(
    app: FastifyInstance,
    provider: string,
    mode: 'login' | 'bind' = 'login',
    token?: string,
  ) {
    const r = await call<{ authorization_url: string; state: string }>(app, {
      url: `${API}/auth/oauth/${provider}/authorize?mode=${mode}`,
      ...(token ? { token } : {}),
    });
    expect(r.code).toBe(20000);
    const authUrl = new URL(r.data.authorization_url);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:8080/auth/callback');
    const res = await fetch(r.data.authorization_url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.pathname).toBe('/auth/callback');
    expect(back.searchParams.get('state')).toBe(r.data.state);
    return { code: back.searchParams.get('code')!, state: r.data.state };
  }

  const callback = (provider: string, body: { code: string; state: string }) =>
    call<{ access_token: string; refresh_token: string; first_login: boolean }>(t.app, {
      method: 'POST',
      url: `${API}/auth/oauth/${provider}/callback`,
      payload: body,
    });

  it('lists the configured providers and refuses others', async () => {
    expect((await call(t.app, { url: `${API}/auth/oauth/providers` })).data).toEqual(['google', 'github']);
    expect((await call(t.app, { url: `${API}/auth/oauth/twitter/authorize` })).code).toBe(40801);
  });

  it('creates a verified account on the first Google sign-in and flags the first login once', async () => {
    const first = await callback('google', await authorize(t.app, 'google'));
    expect(first.code).toBe(20000);
    expect(first.data.first_login).toBe(true);
    const profile = await call<{
      email: string;
      email_verified: boolean;
      has_password: boolean;
      nickname: string;
    }>(t.app, {
      url: `${API}/users/profile`,
      token: first.data.access_token,
    });
    expect(profile.data).toMatchObject({
      email: person.email,
      email_verified: true,
      has_password: false,
      nickname: 'Morpheus',
    });
    const second = await callback('google', await authorize(t.app, 'google'));
    expect(second.data.first_login).toBe(false);
    const accounts = await call<{ provider: string; email: string }[]>(t.app, {
      url: `${API}/auth/oauth/accounts`,
      token: second.data.access_token,
    });
    expect(accounts.data).toMatchObject([{ provider: 'google', email: person.email }]);
  });

  it('links to an existing account by verified email (and proves that address)', async () => {
    const email = await registerUser(t.app);
    person.email = email;
    const r = await callback('google', await authorize(t.app, 'google'));
    expect(r.data.first_login).toBe(false);
    const profile = await call<{ email: string; email_verified: boolean; has_password: boolean }>(t.app, {
      url: `${API}/users/profile`,
      token: r.data.access_token,
    });
    expect(profile.data).toMatchObject({ email, email_verified: true, has_password: true });
  });

  it('asks an account with two-factor on for its code after the provider, like after a password', async () => {
    const first = await callback('google', await authorize(t.app, 'google'));
    expect(first.code).toBe(20000);
    const { secret } = await enrolTwoFactor(t.app, first.data.access_token);
    const second = await call<{
      two_factor_required?: boolean;
      challenge_token: string;
      access_token?: string;
    }>(t.app, {
      method: 'POST',
      url: `${API}/auth/oauth/google/callback`,
      payload: await authorize(t.app, 'google'),
    });
    expect(second.code).toBe(20000);
    expect(second.data.two_factor_required).toBe(true);
    expect(second.data.access_token).toBeUndefined();
    const wrong = await call(t.app, {
      method: 'POST',
      url: `${API}/auth/2fa/login`,
      payload: { challenge_token: second.data.challenge_token, code: '000000' },
    });
    expect(wrong.code).toBe(ERRORS.TWO_FACTOR_CODE_INVALID.code);
    // The next time step (enrolment used the current one; a step is good once).
    const done = await call<{ access_token: string; first_login: boolean }>(t.app, {
      method: 'POST',
      url: `${API}/auth/2fa/login`,
      payload: {
        challenge_token: second.data.challenge_token,
        code: totpAt(secret, Date.now() / 1000 + TOTP_STEP_SECONDS),
      },
    });
    expect(done.code).toBe(20000);
    expect(done.data.first_login).toBe(false);
    const profile = await call<{ email: string }>(t.app, {
      url: `${API}/users/profile`,
      token: done.data.access_token,
    });
    expect(profile.data.email).toBe(person.email);
  });

  it('reads the verified primary address from GitHub and refuses an account without one', async () => {
    const ok = await callback('github', await authorize(t.app, 'github'));
    expect(ok.code).toBe(20000);
    const profile = await call<{ email: string }>(t.app, {
      url: `${API}/users/profile`,
      token: ok.data.access_token,
    });
    expect(profile.data.email).toBe(person.email);

    person = { sub: 'gh-777', email: uniqueEmail('unverified'), verified: false, name: 'Nobody' };
    expect((await callback('github', await authorize(t.app, 'github'))).code).toBe(40805);
  });

  it('rejects a state it did not issue, a reused state, and a state of another mode', async () => {
    const { code, state } = await authorize(t.app, 'google');
    const forged = await callback('google', { code, state: 'forged-state' });
    expect(forged).toMatchObject({ status: 400, code: 40802 });
    expect((await callback('google', { code, state })).code).toBe(20000);
    expect((await callback('google', { code, state })).code).toBe(40802);
    expect((await callback('github', await authorize(t.app, 'google'))).code).toBe(40802);

    const user = await login(t.app, await registerUser(t.app));
    const bindState = await authorize(t.app, 'google', 'bind', user.access_token);
    expect((await callback('google', bindState)).code).toBe(40802);
  });

  it('sends the PKCE verifier of the state: a code obtained for another state is refused by the provider', async () => {
    const a = await authorize(t.app, 'google');
    const b = await authorize(t.app, 'google');
    expect((await callback('google', { code: a.code, state: b.state })).code).toBe(40803);
  });

  it('binds and unbinds for the signed-in user, never the last way to sign in', async () => {
    const email = await registerUser(t.app);
    const tokens = await login(t.app, email);
    const bind = async (provider: string, token: string) =>
      call(t.app, {
        method: 'POST',
        url: `${API}/auth/oauth/${provider}/bind`,
        token,
        payload: await authorize(t.app, provider, 'bind', token),
      });

    person = { sub: 'gh-1001', email: uniqueEmail('gh'), verified: true, name: 'Tank' };
    expect((await bind('github', tokens.access_token)).code).toBe(20000);
    const accounts = await call<{ provider: string }[]>(t.app, {
      url: `${API}/auth/oauth/accounts`,
      token: tokens.access_token,
    });
    expect(accounts.data.map((a) => a.provider)).toEqual(['github']);

    const other = await login(t.app, await registerUser(t.app));
    const taken = await bind('github', other.access_token);
    expect(taken).toMatchObject({ status: 409, code: 40804, message: '该第三方账户已被其他用户绑定' });

    // A password user may drop the last binding.
    expect(
      (
        await call(t.app, {
          method: 'DELETE',
          url: `${API}/auth/oauth/github/unbind`,
          token: tokens.access_token,
        })
      ).code,
    ).toBe(20000);
    expect(
      (
        await call(t.app, {
          method: 'DELETE',
          url: `${API}/auth/oauth/github/unbind`,
          token: tokens.access_token,
        })
      ).code,
    ).toBe(40805);

    // An account created by Google has no password: its only binding stays until another exists.
    person = { sub: 'g-2002', email: uniqueEmail('only-google'), verified: true, name: 'Switch' };
    const googleOnly = (await callback('google', await authorize(t.app, 'google'))).data;
    const refused = await call<{ reason: string }>(t.app, {
      method: 'DELETE',
      url: `${API}/auth/oauth/google/unbind`,
      token: googleOnly.access_token,
    });
    expect(refused).toMatchObject({ status: 403, code: 40002, data: { reason: 'last_sign_in_method' } });
    person = { sub: 'gh-3003', email: uniqueEmail('gh2'), verified: true, name: 'Switch' };
    expect((await bind('github', googleOnly.access_token)).code).toBe(20000);
    expect(
      (
        await call(t.app, {
          method: 'DELETE',
          url: `${API}/auth/oauth/google/unbind`,
          token: googleOnly.access_token,
        })
      ).code,
    ).toBe(20000);
  });

  it('needs a signed-in user to start binding', async () => {
    expect((await call(t.app, { url: `${API}/auth/oauth/google/authorize?mode=bind` })).code).toBe(40001);
  });
});
