import { availableParallelism } from 'node:os';
import { ERRORS } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, login, registerUser, uniqueEmail } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { limitPasswordWork, passwordWorkLoad } from './passwords.js';

/*
 * A login storm (issue 19): password hashing is bounded, and what is over capacity is answered at once with 50003
 * (503, Retry-After) instead of queueing behind every hash. Registration, password change and reset pass the same
 * bound. The bounds are narrowed here so that a burst of a few dozen requests overflows on any machine.
 */
describe(`password work under a storm (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp();
    email = await registerUser(t.app);
  });
  afterEach(() => limitPasswordWork(availableParallelism(), 2 * availableParallelism()));
  afterAll(() => t.close());

  const loginCall = (address: string, password: string, locale = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/portal/auth/login',
      remoteAddress: address,
      headers: { 'accept-language': locale },
      payload: { email: address === '10.9.0.1' ? email : uniqueEmail('storm'), password, remember_me: false },
    });

  it('answers logins over capacity at once with 50003, Retry-After and the message in the language', async () => {
    limitPasswordWork(1, 1);
    const locales = ['en', 'zh_CN', 'zh_TW'] as const;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => loginCall(`10.9.1.${i + 1}`, 'Wrong-pass-1', locales[i % 3])),
    );
    const bodies = answers.map((a) => ({
      status: a.statusCode,
      ...a.json<{ code: number; message: string }>(),
    }));
    const busy = answers.filter((a) => a.statusCode === 503);
    // The first ones were checked (a wrong password), the rest refused without a check.
    expect(bodies.filter((b) => b.code === 40102).length).toBeGreaterThanOrEqual(2);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(bodies.every((b) => b.code === 40102 || (b.code === 50003 && b.status === 503))).toBe(true);
    answers.forEach((a, i) => {
      if (a.statusCode !== 503) return;
      expect(a.headers['retry-after']).toBe('1');
      expect(a.json()).toEqual({
        code: 50003,
        message: ERRORS.SERVER_BUSY.message[locales[i % 3]!],
        data: { retry_after_seconds: 1 },
      });
    });
    expect(passwordWorkLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses registration and password changes the same way while full, and recovers after', async () => {
    const { access_token } = await login(t.app, email);
    limitPasswordWork(1, 0);
    const burst = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        call(t.app, {
          method: 'POST',
          url: '/api/v1/portal/auth/register',
          payload: {
            email: uniqueEmail('burst'),
            password: 'Burst-pass-1',
            confirm_password: 'Burst-pass-1',
          },
        }),
      ),
      ...Array.from({ length: 10 }, () =>
        call(t.app, {
          method: 'POST',
          url: '/api/v1/portal/auth/password/change',
          token: access_token,
          payload: { old_password: 'Wrong-pass-1', new_password: 'Newer-pass-1' },
        }),
      ),
    ]);
    const codes = burst.map((r) => r.code);
    expect(codes.filter((c) => c === 50003).length).toBeGreaterThanOrEqual(1);
    expect(
      codes.every((c) => [20000, 40102, 40004, 50003].includes(c)),
      codes.join(),
    ).toBe(true);

    // Capacity back: the account still signs in (refused attempts were never counted as failures).
    limitPasswordWork(2, 8);
    expect((await login(t.app, email)).access_token).toBeTruthy();
  });
});
