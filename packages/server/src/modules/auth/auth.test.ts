import type { TokenPair } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, PASSWORD, registerUser, uniqueEmail, verifiedUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { linkFrom, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';

const API = '/api/v1/portal';

describe(`accounts (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, LOG_LEVEL: 'warn' } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  const db = () => t.database.handle.db;

  describe('registration and email verification', () => {
    it('creates an unverified account, logs nobody in, and mails a working link once', async () => {
      const email = uniqueEmail('reg');
      const r = await call<{ id: number; email: string; email_verified: boolean }>(t.app, {
        method: 'POST',
        url: `${API}/auth/register`,
        headers: { 'accept-language': 'en' },
        payload: {
          email: email.toUpperCase(),
          password: PASSWORD,
          confirm_password: PASSWORD,
          nickname: 'Neo',
        },
      });
      expect(r).toMatchObject({ status: 200, code: 20000, data: { email, email_verified: false } });
      expect(r.data).not.toHaveProperty('access_token');

      const mail = await sink.waitFor((m) => m.to.includes(email));
      expect(mail.subject).toBe('Verify your email address - Proxy Portal');
      expect(mail.html).toContain('/verify-email?token=');
      const { url, token } = linkFrom(mail, '/verify-email');
      expect(url.startsWith('http://127.0.0.1:8080/verify-email?token=')).toBe(true);

      const tokens = await login(t.app, email);
      const profile = await call<{ email_verified: boolean; status: string; nickname: string }>(t.app, {
        url: `${API}/users/profile`,
        token: tokens.access_token,
      });
      expect(profile.data).toMatchObject({ email_verified: false, status: 'restricted', nickname: 'Neo' });

      const verified = await call(t.app, {
        method: 'POST',
        url: `${API}/auth/verify-email`,
        payload: { token },
      });
      expect(verified).toMatchObject({ code: 20000, data: { email } });
      // After verifying, the user logs in again: the old session is over.
      expect((await call(t.app, { url: `${API}/users/profile`, token: tokens.access_token })).code).toBe(
        40106,
      );
      const again = await call(t.app, {
        method: 'POST',
        url: `${API}/auth/verify-email`,
        payload: { token },
      });
      expect(again).toMatchObject({ status: 400, code: 40110 });
      const fresh = await login(t.app, email);
      const after = await call<{ status: string }>(t.app, {
        url: `${API}/users/profile`,
        token: fresh.access_token,
      });
      expect(after.data.status).toBe('normal');
    });

    it('mails in the language the user registered in', async () => {
      const email = uniqueEmail('tw');
      await call(t.app, {
        method: 'POST',
        url: `${API}/auth/register`,
        headers: { 'accept-language': 'zh-TW' },
        payload: { email, password: PASSWORD, confirm_password: PASSWORD },
      });
      const mail = await sink.waitFor((m) => m.to.includes(email));
      expect(mail.subject).toBe('驗證您的電子郵件 - Proxy Portal');
      expect(mail.text).toContain('連結 24 小時內有效');
    });

    it('refuses a registered email with 40101, also when two registrations race', async () => {
      const email = await registerUser(t.app);
      const dup = await call(t.app, {
        method: 'POST',
        url: `${API}/auth/register`,
        payload: { email, password: PASSWORD, confirm_password: PASSWORD },
      });
      expect(dup).toMatchObject({ status: 409, code: 40101, message: '该邮箱已被注册' });
      const racer = uniqueEmail('race');
      const results = await Promise.all(
        [1, 2, 3].map(() =>
          call(t.app, {
            method: 'POST',
            url: `${API}/auth/register`,
            payload: { email: racer, password: PASSWORD, confirm_password: PASSWORD },
          }),
        ),
      );
      expect(results.map((r) => r.code).sort()).toEqual([20000, 40101, 40101]);
      const rows = await db().selectFrom('users').select('id').where('email', '=', racer).execute();
      expect(rows).toHaveLength(1);
    });

    it('applies the register rules of product rules §5', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ email: 'x@y', password: PASSWORD, confirm_password: PASSWORD }, 'body.email'],
        [
          { email: uniqueEmail(), password: 'alllowercase1', confirm_password: 'alllowercase1' },
          'body.password',
        ],
        [
          { email: uniqueEmail(), password: PASSWORD, confirm_password: 'Other-pass1' },
          'body.confirm_password',
        ],
        [
          { email: uniqueEmail(), password: PASSWORD, confirm_password: PASSWORD, nickname: 'n'.repeat(21) },
          'body.nickname',
        ],
      ];
      for (const [payload, field] of cases) {
        const r = await call<{ field: string }>(t.app, {
          method: 'POST',
          url: `${API}/auth/register`,
          payload,
        });
        expect(r.code, field).toBe(40004);
        expect(r.data.field).toBe(field);
      }
    });

    it('names every wrong field at once, the password mismatch with the others', async () => {
      const r = await call<{ field: string; errors: { field: string; message: string }[] }>(t.app, {
        method: 'POST',
        url: `${API}/auth/register`,
        payload: { email: 'not-an-email', password: PASSWORD, confirm_password: 'Other-pass1' },
      });
      expect(r.code).toBe(40004);
      expect(r.data.errors.map((e) => e.field)).toEqual(['body.email', 'body.confirm_password']);
    });

    it('rejects an expired verification link with 40109 and rate-limits resending', async () => {
      const email = await registerUser(t.app);
      const first = await sink.waitFor((m) => m.to.includes(email));
      const { token } = linkFrom(first, '/verify-email');
      await db()
        .updateTable('email_tokens')
        .set({ expires_at: '2000-01-01T00:00:00.000Z' })
        .where('purpose', '=', 'verify_email')
        .where('used_at', 'is', null)
        .execute();
      expect(
        (await call(t.app, { method: 'POST', url: `${API}/auth/verify-email`, payload: { token } })).code,
      ).toBe(40109);

      const tokens = await login(t.app, email);
      const resend = await call(t.app, {
        method: 'POST',
        url: `${API}/auth/verify-email/resend`,
        token: tokens.access_token,
      });
      expect(resend.code).toBe(20000);
      const second = await sink.waitFor(
        (m) => m.to.includes(email) && linkFrom(m, '/verify-email').token !== token,
      );
      expect(
        (
          await call(t.app, {
            method: 'POST',
            url: `${API}/auth/verify-email/resend`,
            token: tokens.access_token,
          })
        ).code,
      ).toBe(40005);
      const ok = await call(t.app, {
        method: 'POST',
        url: `${API}/auth/verify-email`,
        payload: { token: linkFrom(second, '/verify-email').token },
      });
      expect(ok.code).toBe(20000);
    });
  });

  describe('login', () => {
    it('answers a wrong password and an unknown email alike', async () => {
      const email = await registerUser(t.app);
      const wrong = await call(t.app, {
        method: 'POST',
        url: `${API}/auth/login`,
        payload: { email, password: 'Wrong-pass1' },
      });
      const unknown = await call(t.app, {
        method: 'POST',
        url: `${API}/auth/login`,
        payload: { email: uniqueEmail('ghost'), password: 'Wrong-pass1' },
      });
      expect(wrong).toMatchObject({ status: 401, code: 40102, message: '密码错误，请重试' });
      expect(unknown).toMatchObject({ status: 401, code: 40102, message: '密码错误，请重试' });
    });

    it('locks the account after 5 failures, even against the right password, until the lock ends', async () => {
      const email = await registerUser(t.app);
      const codes: number[] = [];
      for (let i = 0; i < 5; i++)
        codes.push(
          (
            await call(t.app, {
              method: 'POST',
              url: `${API}/auth/login`,
              payload: { email, password: `Wrong-pass${i}` },
            })
          ).code,
        );
      expect(codes).toEqual([40102, 40102, 40102, 40102, 40103]);
      const right = await call<{ locked_until: string }>(t.app, {
        method: 'POST',
        url: `${API}/auth/login`,
        payload: { email, password: PASSWORD },
      });
      expect(right).toMatchObject({ status: 423, code: 40103 });
      expect(Date.parse(right.data.locked_until) - Date.now()).toBeGreaterThan(14 * 60_000);
      await db()
        .updateTable('users')
        .set({ locked_until: '2000-01-01T00:00:00.000Z' })
        .where('email', '=', email)
        .execute();
      expect((await login(t.app, email)).access_token).toBeTruthy();
    });

    it('refuses a disabled account with 40104 and ends its sessions', async () => {
      const email = await registerUser(t.app);
      const tokens = await login(t.app, email);
      await db().updateTable('users').set({ status: 'disabled' }).where('email', '=', email).execute();
      expect(
        (
          await call(t.app, {
            method: 'POST',
            url: `${API}/auth/login`,
            payload: { email, password: PASSWORD },
          })
        ).code,
      ).toBe(40104);
      expect((await call(t.app, { url: `${API}/users/profile`, token: tokens.access_token })).code).toBe(
        40104,
      );
      expect(
        (
          await call(t.app, {
            method: 'POST',
            url: `${API}/auth/refresh`,
            payload: { refresh_token: tokens.refresh_token },
          })
        ).code,
      ).toBe(40104);
    });

    it('rate-limits attempts per client address and per account with 40005', async () => {
      const ip = '10.200.0.1';
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) {
        codes.push(
          (
            await call(t.app, {
              method: 'POST',
              url: `${API}/auth/login`,
              remoteAddress: ip,
              payload: { email: uniqueEmail('ip'), password: 'Whatever1' },
            })
          ).code,
        );
      }
      expect(codes.slice(0, 30).every((c) => c === 40102)).toBe(true);
      expect(codes[30]).toBe(40005);

      const email = uniqueEmail('acct');
      const perAccount: number[] = [];
      for (let i = 0; i < 11; i++)
        perAccount.push(
          (
            await call(t.app, {
              method: 'POST',
              url: `${API}/auth/login`,
              payload: { email, password: 'Whatever1' },
            })
          ).code,
        );
      expect(perAccount.slice(0, 10).every((c) => c === 40102)).toBe(true);
      expect(perAccount[10]).toBe(40005);
    });
  });

  describe('tokens and sessions', () => {
    const refresh = (token: string) =>
      call<TokenPair>(t.app, {
        method: 'POST',
        url: `${API}/auth/refresh`,
        payload: { refresh_token: token },
      });

    it('rotates the refresh token on every refresh', async () => {
      const email = await registerUser(t.app);
      const first = await login(t.app, email);
      const second = await refresh(first.refresh_token);
      expect(second.code).toBe(20000);
      expect(second.data.refresh_token).not.toBe(first.refresh_token);
      expect((await call(t.app, { url: `${API}/users/profile`, token: second.data.access_token })).code).toBe(
        20000,
      );
      expect((await refresh(first.refresh_token)).code).toBe(40108);
      expect((await refresh(second.data.refresh_token)).code).toBe(20000);
    });

    it('gives one winner when the same refresh token is used concurrently, and keeps the session', async () => {
      const email = await registerUser(t.app);
      const pair = await login(t.app, email);
      const results = await Promise.all(Array.from({ length: 8 }, () => refresh(pair.refresh_token)));
      const winners = results.filter((r) => r.code === 20000);
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => r.code === 40108)).toHaveLength(7);
      expect((await refresh(winners[0]!.data.refresh_token)).code).toBe(20000);
    });

    it('revokes the whole session when a rotated refresh token comes back later', async () => {
      const email = await registerUser(t.app);
      const stolen = await login(t.app, email);
      const legit = await refresh(stolen.refresh_token);
      await db()
        .updateTable('refresh_tokens')
        .set({ rotated_at: '2000-01-01T00:00:00.000Z' })
        .where('rotated_at', 'is not', null)
        .execute();
      expect((await refresh(stolen.refresh_token)).code).toBe(40108);
      expect((await refresh(legit.data.refresh_token)).code).toBe(40108);
      expect((await call(t.app, { url: `${API}/users/profile`, token: legit.data.access_token })).code).toBe(
        40106,
      );
    });

    it('lets remember-me decide how long the session lasts', async () => {
      const email = await registerUser(t.app);
      await login(t.app, email);
      await call(t.app, {
        method: 'POST',
        url: `${API}/auth/login`,
        payload: { email, password: PASSWORD, remember_me: false },
      });
      const rows = await db()
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.remember_me', 's.expires_at'])
        .where('u.email', '=', email)
        .execute();
      const days = (r: { expires_at: string }) => (Date.parse(r.expires_at) - Date.now()) / 86_400_000;
      const remembered = rows.find((r) => r.remember_me === 1)!;
      const brief = rows.find((r) => r.remember_me === 0)!;
      expect(days(remembered)).toBeGreaterThan(29.9);
      expect(days(brief)).toBeGreaterThan(0.99);
      expect(days(brief)).toBeLessThan(1.01);
    });

    it('answers 40001 without a token and 40106 for a forged one', async () => {
      expect(await call(t.app, { url: `${API}/users/profile` })).toMatchObject({ status: 401, code: 40001 });
      const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwic2lkIjoieCJ9.c2lnbmF0dXJl';
      expect(await call(t.app, { url: `${API}/users/profile`, token: forged })).toMatchObject({
        status: 401,
        code: 40106,
      });
    });

    it('logs out the session of the given refresh token only', async () => {
      const email = await registerUser(t.app);
      const a = await login(t.app, email);
      const b = await login(t.app, email);
      expect(
        (
          await call(t.app, {
            method: 'POST',
            url: `${API}/auth/logout`,
            payload: { refresh_token: a.refresh_token },
          })
        ).code,
      ).toBe(20000);
      expect((await call(t.app, { url: `${API}/users/profile`, token: a.access_token })).code).toBe(40106);
      expect((await refresh(a.refresh_token)).code).toBe(40108);
      expect((await call(t.app, { url: `${API}/users/profile`, token: b.access_token })).code).toBe(20000);
      expect(
        (await call(t.app, { method: 'POST', url: `${API}/auth/logout`, payload: { refresh_token: null } }))
          .code,
      ).toBe(20000);
    });

    it('lists sessions with device details, revokes others, never the current one', async () => {
      const email = await registerUser(t.app);
      const iphone =
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
      const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
      const phone = await login(t.app, email, PASSWORD, { headers: { 'user-agent': iphone } });
      const laptop = await login(t.app, email, PASSWORD, { headers: { 'user-agent': firefox } });
      const third = await login(t.app, email);
      const list = await call<
        { id: string; device: string; browser: string; os: string; current: boolean; expires_at: string }[]
      >(t.app, {
        url: `${API}/users/sessions`,
        token: laptop.access_token,
      });
      expect(list.data).toHaveLength(3);
      const current = list.data.find((s) => s.current);
      expect(current).toMatchObject({ device: 'desktop', browser: 'Firefox 128', os: 'Linux' });
      const mobile = list.data.find((s) => s.device === 'mobile');
      expect(mobile).toMatchObject({ browser: 'Mobile Safari 17', os: 'iOS 17', current: false });

      expect(
        await call(t.app, {
          method: 'DELETE',
          url: `${API}/users/sessions/${current!.id}`,
          token: laptop.access_token,
        }),
      ).toMatchObject({ status: 403, code: 40002 });
      expect(
        (
          await call(t.app, {
            method: 'DELETE',
            url: `${API}/users/sessions/${mobile!.id}`,
            token: laptop.access_token,
          })
        ).code,
      ).toBe(20000);
      expect((await call(t.app, { url: `${API}/users/profile`, token: phone.access_token })).code).toBe(
        40106,
      );
      expect(
        (
          await call(t.app, {
            method: 'DELETE',
            url: `${API}/users/sessions/${mobile!.id}`,
            token: laptop.access_token,
          })
        ).code,
      ).toBe(40204);

      const others = await call<{ revoked: number }>(t.app, {
        method: 'POST',
        url: `${API}/users/sessions/revoke-others`,
        token: laptop.access_token,
      });
      expect(others.data.revoked).toBe(1);
      expect((await call(t.app, { url: `${API}/users/profile`, token: third.access_token })).code).toBe(
        40106,
      );
      expect((await call(t.app, { url: `${API}/users/profile`, token: laptop.access_token })).code).toBe(
        20000,
      );

      const stranger = await login(t.app, await registerUser(t.app));
      expect(
        (
          await call(t.app, {
            method: 'DELETE',
            url: `${API}/users/sessions/${current!.id}`,
            token: stranger.access_token,
          })
        ).code,
      ).toBe(40204);
    });
  });

  describe('restricted accounts', () => {
    it('blocks recharge and subscription calls until the email is verified', async () => {
      const email = await registerUser(t.app);
      const tokens = await login(t.app, email);
      for (const url of [
        `${API}/recharge/configs`,
        `${API}/recharge/usdt`,
        `${API}/subscriptions/my`,
        `${API}/subscriptions/link`,
      ]) {
        expect(await call(t.app, { url, token: tokens.access_token }), url).toMatchObject({
          status: 403,
          code: 40105,
        });
        expect(await call(t.app, { url }), url).toMatchObject({ status: 401, code: 40001 });
      }
      const verified = await verifiedUser(t.app, sink);
      const open = await call(t.app, { url: `${API}/recharge/configs`, token: verified.tokens.access_token });
      expect(open.code).not.toBe(40105);
    });
  });

  describe('passwords', () => {
    it('mails a reset link that works once and ends every session; the answer never reveals the address', async () => {
      const email = await registerUser(t.app);
      const before = await login(t.app, email);
      const known = await call(t.app, {
        method: 'POST',
        url: `${API}/auth/password/reset`,
        payload: { email },
      });
      const unknownEmail = uniqueEmail('nobody');
      const unknown = await call(t.app, {
        method: 'POST',
        url: `${API}/auth/password/reset`,
        payload: { email: unknownEmail },
      });
      expect(unknown).toEqual(known);
      const mail = await sink.waitFor((m) => m.to.includes(email) && m.text.includes('/reset-password'));
      const { token } = linkFrom(mail, '/reset-password');
      await t.app.ctx.mailer.idle();
      expect(sink.mails.some((m) => m.to.includes(unknownEmail))).toBe(false);

      const next = 'Brand-new-pass2';
      const mismatch = await call(t.app, {
        method: 'POST',
        url: `${API}/auth/password/reset/confirm`,
        payload: { token, password: next, confirm_password: 'x' },
      });
      expect(mismatch.code).toBe(40004);
      const ok = await call(t.app, {
        method: 'POST',
        url: `${API}/auth/password/reset/confirm`,
        payload: { token, password: next, confirm_password: next },
      });
      expect(ok.code).toBe(20000);
      expect((await call(t.app, { url: `${API}/users/profile`, token: before.access_token })).code).toBe(
        40106,
      );
      expect(
        (
          await call(t.app, {
            method: 'POST',
            url: `${API}/auth/login`,
            payload: { email, password: PASSWORD },
          })
        ).code,
      ).toBe(40102);
      await login(t.app, email, next);
      const reuse = await call(t.app, {
        method: 'POST',
        url: `${API}/auth/password/reset/confirm`,
        payload: { token, password: next, confirm_password: next },
      });
      expect(reuse.code).toBe(40112);
    });

    it('rejects an expired reset link with 40111', async () => {
      const email = await registerUser(t.app);
      await call(t.app, { method: 'POST', url: `${API}/auth/password/reset`, payload: { email } });
      const mail = await sink.waitFor((m) => m.to.includes(email) && m.text.includes('/reset-password'));
      await db()
        .updateTable('email_tokens')
        .set({ expires_at: '2000-01-01T00:00:00.000Z' })
        .where('purpose', '=', 'reset_password')
        .execute();
      const { token } = linkFrom(mail, '/reset-password');
      expect(
        (
          await call(t.app, {
            method: 'POST',
            url: `${API}/auth/password/reset/confirm`,
            payload: { token, password: 'Another-pass3', confirm_password: 'Another-pass3' },
          })
        ).code,
      ).toBe(40111);
    });

    it('changes the password only with the old one, and ends every session', async () => {
      const email = await registerUser(t.app);
      const a = await login(t.app, email);
      const b = await login(t.app, email);
      const wrong = await call(t.app, {
        method: 'POST',
        url: `${API}/auth/password/change`,
        token: a.access_token,
        payload: { old_password: 'Not-it-123', new_password: 'Changed-pass4' },
      });
      expect(wrong.code).toBe(40102);
      const same = await call<{ field: string }>(t.app, {
        method: 'POST',
        url: `${API}/auth/password/change`,
        token: a.access_token,
        payload: { old_password: PASSWORD, new_password: PASSWORD },
      });
      expect(same).toMatchObject({ code: 40004, data: { field: 'body.new_password' } });
      const ok = await call(t.app, {
        method: 'POST',
        url: `${API}/auth/password/change`,
        token: a.access_token,
        payload: { old_password: PASSWORD, new_password: 'Changed-pass4' },
      });
      expect(ok.code).toBe(20000);
      for (const tokens of [a, b])
        expect((await call(t.app, { url: `${API}/users/profile`, token: tokens.access_token })).code).toBe(
          40106,
        );
      await login(t.app, email, 'Changed-pass4');
    });
  });

  describe('profile and balance', () => {
    it('updates the nickname (at most 30) but never the email', async () => {
      const email = await registerUser(t.app);
      const { access_token } = await login(t.app, email);
      const r = await call<{ nickname: string; email: string }>(t.app, {
        method: 'PATCH',
        url: `${API}/users/profile`,
        token: access_token,
        payload: { nickname: '  Trinity  ', email: 'hijack@example.com' },
      });
      expect(r.data).toMatchObject({ nickname: 'Trinity', email });
      const long = await call(t.app, {
        method: 'PATCH',
        url: `${API}/users/profile`,
        token: access_token,
        payload: { nickname: 'n'.repeat(31) },
      });
      expect(long.code).toBe(40004);
      expect(
        (await call<{ balance: string }>(t.app, { url: `${API}/users/balance`, token: access_token })).data,
      ).toEqual({ balance: '0.00' });
    });
  });
});
