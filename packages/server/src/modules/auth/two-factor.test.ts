import { ADMIN_API_PREFIX, ERRORS, type TwoFactorStatus } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nowIso } from '../../db/time.js';
import { cliActor } from '../../lib/staff-actor.js';
import { TOTP_STEP_SECONDS, totpAt } from '../../lib/totp.js';
import { accountWithRole, call, enrolTwoFactor, login, PASSWORD, registerUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { CHALLENGE_MAX_ATTEMPTS } from './two-factor-service.js';

const API = '/api/v1/portal';

interface Challenge {
  two_factor_required: true;
  challenge_token: string;
  expires_in: number;
}

describe(`two-factor sign-in (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const realNow = Date.now.bind(Date);
  /** Seconds the server's clock (Date.now, which TOTP reads) is moved on: each step gives fresh codes. */
  let shift = 0;
  const later = () => {
    shift += TOTP_STEP_SECONDS;
  };
  const codeOf = (secret: string) => totpAt(secret, Date.now() / 1000);

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000' } });
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + shift * 1000);
  });
  afterEach(() => {
    later();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  const post = <T>(path: string, token: string | undefined, payload?: Record<string, unknown>) =>
    call<T>(t.app, {
      method: 'POST',
      url: `${API}${path}`,
      ...(token ? { token } : {}),
      ...(payload ? { payload } : {}),
    });

  async function customer() {
    const email = await registerUser(t.app);
    return { email, token: (await login(t.app, email)).access_token };
  }

  async function challengeFor(email: string): Promise<string> {
    const r = await post<Challenge>('/auth/login', undefined, {
      email,
      password: PASSWORD,
      remember_me: false,
    });
    expect(r.code).toBe(20000);
    expect(r.data.two_factor_required).toBe(true);
    expect(r.data).not.toHaveProperty('access_token');
    return r.data.challenge_token;
  }

  it('enrols with a QR address and a typed key, turns on only with a right code, and keeps the secret sealed', async () => {
    const { token } = await customer();
    const before = await call<TwoFactorStatus>(t.app, { url: `${API}/auth/2fa`, token });
    expect(before.data).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
    // Confirming before starting says so.
    expect((await post('/auth/2fa/enable', token, { code: '123456' })).code).toBe(
      ERRORS.TWO_FACTOR_SETUP_MISSING.code,
    );
    const setup = await post<{ secret: string; otpauth_uri: string }>('/auth/2fa/setup', token);
    expect(setup.code).toBe(20000);
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.data.otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(setup.data.secret);
    expect(uri.searchParams.get('period')).toBe('30');

    const stored = await t.database.handle.db.selectFrom('two_factor').selectAll().execute();
    const row = stored.find((r) => r.enabled_at === null && !r.secret_enc.includes(setup.data.secret));
    expect(row, 'the secret is stored sealed, never as it is').toBeDefined();
    expect(row!.secret_enc).toMatch(/^v1\./);

    const wrong = await post('/auth/2fa/enable', token, {
      code: codeOf(setup.data.secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.code).toBe(ERRORS.TWO_FACTOR_CODE_INVALID.code);
    expect((await post('/auth/2fa/enable', token, { code: 'abc' })).code).toBe(ERRORS.VALIDATION.code);
    const ok = await post<{ recovery_codes: string[] }>('/auth/2fa/enable', token, {
      code: codeOf(setup.data.secret),
    });
    expect(ok.code).toBe(20000);
    expect(ok.data.recovery_codes).toHaveLength(10);
    expect(new Set(ok.data.recovery_codes).size).toBe(10);
    const hashes = await t.database.handle.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .execute();
    for (const code of ok.data.recovery_codes)
      expect(hashes.some((h) => h.code_hash.includes(code.replace('-', '')))).toBe(false);
    const after = await call<TwoFactorStatus>(t.app, { url: `${API}/auth/2fa`, token });
    expect(after.data).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    // Once on, setup and enable refuse (the secret is not replaced).
    expect((await post('/auth/2fa/setup', token)).code).toBe(ERRORS.TWO_FACTOR_ALREADY_ENABLED.code);
    expect((await post('/auth/2fa/enable', token, { code: codeOf(setup.data.secret) })).code).toBe(
      ERRORS.TWO_FACTOR_ALREADY_ENABLED.code,
    );
  });

  it('gives a challenge instead of tokens after the password, and tokens for a right code, each code once', async () => {
    const { email, token } = await customer();
    const { secret } = await enrolTwoFactor(t.app, token);
    later();
    const challenge = await challengeFor(email);
    const wrong = await post('/auth/2fa/login', undefined, { challenge_token: challenge, code: '000000' });
    expect(wrong.code === ERRORS.TWO_FACTOR_CODE_INVALID.code || codeOf(secret) === '000000').toBe(true);
    const code = codeOf(secret);
    const ok = await post<{ access_token: string; refresh_token: string; first_login: boolean }>(
      '/auth/2fa/login',
      undefined,
      { challenge_token: challenge, code },
    );
    expect(ok.code).toBe(20000);
    expect(ok.data.first_login).toBe(false);
    const profile = await call<{ email: string }>(t.app, {
      url: `${API}/users/profile`,
      token: ok.data.access_token,
    });
    expect(profile.data.email).toBe(email);
    // The session is a two-factor one.
    const sessions = await t.database.handle.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.two_factor_at'])
      .where('users.email', '=', email)
      .where('sessions.revoked_at', 'is', null)
      .execute();
    expect(sessions.filter((s) => s.two_factor_at !== null)).toHaveLength(2); // enrolment's and this one

    // The challenge is used up, and the same code (its time step) does not work twice.
    expect((await post('/auth/2fa/login', undefined, { challenge_token: challenge, code })).code).toBe(
      ERRORS.TWO_FACTOR_CHALLENGE_INVALID.code,
    );
    const again = await challengeFor(email);
    expect((await post('/auth/2fa/login', undefined, { challenge_token: again, code })).code).toBe(
      ERRORS.TWO_FACTOR_CODE_USED.code,
    );
    // An unknown challenge.
    expect(
      (await post('/auth/2fa/login', undefined, { challenge_token: 'nonsense', code: codeOf(secret) })).code,
    ).toBe(ERRORS.TWO_FACTOR_CHALLENGE_INVALID.code);
  });

  it('takes each recovery code once, spaces, case and dashes ignored', async () => {
    const { email, token } = await customer();
    const { recoveryCodes } = await enrolTwoFactor(t.app, token);
    const typed = recoveryCodes[0]!.toUpperCase().replace('-', ' ');
    const first = await post<{ access_token: string }>('/auth/2fa/login', undefined, {
      challenge_token: await challengeFor(email),
      code: typed,
    });
    expect(first.code).toBe(20000);
    const second = await post('/auth/2fa/login', undefined, {
      challenge_token: await challengeFor(email),
      code: recoveryCodes[0],
    });
    expect(second.code).toBe(ERRORS.TWO_FACTOR_CODE_INVALID.code);
    const status = await call<TwoFactorStatus>(t.app, { url: `${API}/auth/2fa`, token });
    expect(status.data.recovery_codes_left).toBe(9);
    // Another account's code is no code of this one.
    const other = await customer();
    const { recoveryCodes: others } = await enrolTwoFactor(t.app, other.token);
    expect(
      (
        await post('/auth/2fa/login', undefined, {
          challenge_token: await challengeFor(email),
          code: others[0],
        })
      ).code,
    ).toBe(ERRORS.TWO_FACTOR_CODE_INVALID.code);
  });

  it('locks a challenge after a few wrong codes, and refuses an expired one', async () => {
    const { email, token } = await customer();
    const { secret } = await enrolTwoFactor(t.app, token);
    later();
    const challenge = await challengeFor(email);
    const bad = codeOf(secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < CHALLENGE_MAX_ATTEMPTS; i += 1)
      expect((await post('/auth/2fa/login', undefined, { challenge_token: challenge, code: bad })).code).toBe(
        ERRORS.TWO_FACTOR_CODE_INVALID.code,
      );
    // Even the right code no longer opens it.
    const locked = await post('/auth/2fa/login', undefined, {
      challenge_token: challenge,
      code: codeOf(secret),
    });
    expect(locked.code).toBe(ERRORS.TWO_FACTOR_CHALLENGE_LOCKED.code);
    expect(locked.status).toBe(429);

    const stale = await challengeFor(email);
    await t.database.handle.db
      .updateTable('two_factor_challenges')
      .set({ expires_at: new Date(realNow() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .execute();
    expect(
      (await post('/auth/2fa/login', undefined, { challenge_token: stale, code: codeOf(secret) })).code,
    ).toBe(ERRORS.TWO_FACTOR_CHALLENGE_INVALID.code);
    // A fresh sign-in still works with the same code (the expired attempt did not use its step).
    const fresh = await challengeFor(email);
    expect(
      (await post('/auth/2fa/login', undefined, { challenge_token: fresh, code: codeOf(secret) })).code,
    ).toBe(20000);
  });

  it('turns off only with the password and a current code, and then signs in with the password alone', async () => {
    const { email, token } = await customer();
    const { secret, recoveryCodes } = await enrolTwoFactor(t.app, token);
    later();
    expect(
      (await post('/auth/2fa/disable', token, { password: 'Wrong-pass1', code: codeOf(secret) })).code,
    ).toBe(ERRORS.WRONG_PASSWORD.code);
    expect((await post('/auth/2fa/disable', token, { password: PASSWORD, code: '000000' })).code).toBe(
      codeOf(secret) === '000000' ? 20000 : ERRORS.TWO_FACTOR_CODE_INVALID.code,
    );
    expect((await post('/auth/2fa/disable', token, { password: PASSWORD })).code).toBe(
      ERRORS.VALIDATION.code,
    );

    // New recovery codes need the same; the old ones stop working.
    const regenerated = await post<{ recovery_codes: string[] }>('/auth/2fa/recovery-codes', token, {
      password: PASSWORD,
      code: recoveryCodes[0],
    });
    expect(regenerated.code).toBe(20000);
    expect(regenerated.data.recovery_codes).toHaveLength(10);
    expect(
      (await post('/auth/2fa/disable', token, { password: PASSWORD, code: recoveryCodes[1] })).code,
    ).toBe(ERRORS.TWO_FACTOR_CODE_INVALID.code);

    const off = await post('/auth/2fa/disable', token, { password: PASSWORD, code: codeOf(secret) });
    expect(off.code).toBe(20000);
    const status = await call<TwoFactorStatus>(t.app, { url: `${API}/auth/2fa`, token });
    expect(status.data).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
    expect((await login(t.app, email)).access_token).toBeTruthy();
    expect((await post('/auth/2fa/disable', token, { password: PASSWORD, code: codeOf(secret) })).code).toBe(
      ERRORS.TWO_FACTOR_NOT_ENABLED.code,
    );
  });

  it('lets staff into the console only in a two-factor session, and the operator reset ends that', async () => {
    const owner = await accountWithRole(t.app, t.database.handle.db, 'owner', { twoFactor: false });
    const me = () => call(t.app, { url: `${ADMIN_API_PREFIX}/me`, token: owner.token });
    const refused = await me();
    expect(refused.code).toBe(ERRORS.TWO_FACTOR_REQUIRED.code);
    expect(refused.status).toBe(403);
    const { secret } = await enrolTwoFactor(t.app, owner.token);
    // Enrolment in this session makes it a two-factor session: the console answers without signing in again.
    expect((await me()).code).toBe(20000);
    later();
    const challenge = await challengeFor(owner.email);
    const signedIn = await post<{ access_token: string }>('/auth/2fa/login', undefined, {
      challenge_token: challenge,
      code: codeOf(secret),
    });
    expect(
      (await call(t.app, { url: `${ADMIN_API_PREFIX}/me`, token: signedIn.data.access_token })).code,
    ).toBe(20000);

    // Lost device: the operators' reset turns it off, is audited, and the sessions no longer open the console.
    const user = (await t.app.ctx.services.auth.findByEmail(owner.email))!;
    expect(await t.app.ctx.services.twoFactor.resetByOperator(user, cliActor('root'))).toBe(true);
    expect((await me()).code).toBe(ERRORS.TWO_FACTOR_REQUIRED.code);
    expect(
      (await call(t.app, { url: `${ADMIN_API_PREFIX}/me`, token: signedIn.data.access_token })).code,
    ).toBe(ERRORS.TWO_FACTOR_REQUIRED.code);
    const audit = await t.database.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.two_factor_reset')
      .where('target_id', '=', String(user.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: 0, actor_email: 'cli:root', target_type: 'user' });
    expect(JSON.parse(audit[0]!.changes!)).toEqual({
      before: { two_factor: true },
      after: { two_factor: false },
    });
    expect(await t.app.ctx.services.twoFactor.resetByOperator(user, cliActor('root'))).toBe(false);
    // Signing in is back to the password alone; the console wants enrolment again.
    const back = await login(t.app, owner.email);
    expect(back.access_token).toBeTruthy();
    expect((await call(t.app, { url: `${ADMIN_API_PREFIX}/me`, token: back.access_token })).code).toBe(
      ERRORS.TWO_FACTOR_REQUIRED.code,
    );
  });

  it('turning off two-factor takes the two-factor mark off every session of the account', async () => {
    const admin = await accountWithRole(t.app, t.database.handle.db, 'admin');
    expect((await call(t.app, { url: `${ADMIN_API_PREFIX}/me`, token: admin.token })).code).toBe(20000);
    later();
    const off = await post('/auth/2fa/disable', admin.token, {
      password: PASSWORD,
      code: codeOf(admin.totpSecret!),
    });
    expect(off.code).toBe(20000);
    expect((await call(t.app, { url: `${ADMIN_API_PREFIX}/me`, token: admin.token })).code).toBe(
      ERRORS.TWO_FACTOR_REQUIRED.code,
    );
  });
});
