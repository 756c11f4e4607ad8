import { ERRORS, LOCALES, VALIDATION_MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithRole, call, login, PASSWORD, uniqueEmail } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';

const API = '/api/v1/portal';
const ADMIN_API = '/api/v1/admin';

/** One account per mailbox, whichever way its address is typed (issue 20 §3); nicknames that show (§7). */
describe(`addresses and nicknames through the app (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const register = (email: string, nickname?: string) =>
    call<{ email: string }>(t.app, {
      method: 'POST',
      url: `${API}/auth/register`,
      payload: { email, password: PASSWORD, confirm_password: PASSWORD, ...(nickname ? { nickname } : {}) },
    });
  const messageOf = (r: { data: unknown }) =>
    (r.data as { errors?: { message: string }[] }).errors?.[0]?.message;

  it('an address typed another way is the same account: no second registration, the same sign-in', async () => {
    const local = uniqueEmail('same').split('@')[0]!;
    const created = await register(`${local}@example.com`);
    expect(created.data.email).toBe(`${local}@example.com`);
    for (const other of [
      `${local}@example.com.`,
      `${local.toUpperCase()}@EXAMPLE.COM`,
      ` ${local}@Example.com `,
    ]) {
      expect((await register(other)).code).toBe(ERRORS.EMAIL_EXISTS.code);
      expect((await login(t.app, other)).access_token).toBeTruthy();
    }
  });

  it('an international domain is stored and found in its ASCII form', async () => {
    const local = uniqueEmail('idn').split('@')[0]!;
    const created = await register(`${local}@Bücher.de`);
    expect(created.code, created.message).toBe(20000);
    expect(created.data.email).toBe(`${local}@xn--bcher-kva.de`);
    expect((await register(`${local}@xn--bcher-kva.de`)).code).toBe(ERRORS.EMAIL_EXISTS.code);
    expect((await login(t.app, `${local}@xn--bcher-kva.de.`)).access_token).toBeTruthy();
    // The operators' lookups (CLI) and the staff search take the address as typed.
    expect((await t.app.ctx.services.auth.findByEmail(`${local}@bücher.de.`))?.email).toBe(
      created.data.email,
    );
    const staff = await accountWithRole(t.app, t.database.handle.db, 'owner');
    const found = await call<{ items: { email: string }[] }>(t.app, {
      url: `${ADMIN_API}/users?q=${encodeURIComponent(`${local}@BÜCHER.de`)}`,
      token: staff.token,
    });
    expect(found.code, found.message).toBe(20000);
    expect(found.data.items.map((u) => u.email)).toEqual([created.data.email]);
  });

  it.each([
    ['a look-alike with a Cyrillic letter', 'p\u0430ypal@example.com', 'email_mixed_script'],
    ['a domain with a Greek letter', 'x@ex\u03b1mple.com', 'email_mixed_script'],
    ['a 65-character local part', `${'l'.repeat(65)}@example.com`, 'email_too_long'],
    ['a control character', 'a\u0001b@example.com', 'text_control'],
    ['an empty label', 'a@example..com', 'email_invalid'],
  ] as const)('refuses %s, saying why in the caller’s language', async (_, email, key) => {
    for (const locale of LOCALES) {
      const r = await call(t.app, {
        method: 'POST',
        url: `${API}/auth/register`,
        headers: { 'accept-language': locale.replace('_', '-') },
        payload: { email, password: PASSWORD, confirm_password: PASSWORD },
      });
      expect(r.code).toBe(ERRORS.VALIDATION.code);
      expect(messageOf(r)).toBe(VALIDATION_MESSAGES[key][locale]);
    }
  });

  it('nicknames: trimmed; refused when invisible, blank or carrying direction controls', async () => {
    const user = await accountWithRole(t.app, t.database.handle.db, 'user');
    const update = (nickname: string) =>
      call<{ nickname: string | null }>(t.app, {
        method: 'PATCH',
        url: `${API}/users/profile`,
        token: user.token,
        payload: { nickname },
      });
    const ok = await update('  \u200bBob\u200b  ');
    expect(ok.code, ok.message).toBe(20000);
    expect(ok.data.nickname).toBe('Bob');
    for (const bad of ['   ', '\u200b\u200d', '\u202eevil', 'a\u2066b']) {
      const r = await update(bad);
      expect(r.code).toBe(ERRORS.VALIDATION.code);
    }
    expect((await register(uniqueEmail('nick'), '\u3164')).code).toBe(ERRORS.VALIDATION.code);
  });
});
