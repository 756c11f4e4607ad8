import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkFromMail } from './mailbox';
import { totp } from './totp';

const API = '/api/v1/portal';

export interface TestUser {
  email: string;
  password: string;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const body = (await response.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(20000);
  return body.data;
}

/** A random address from the documentation ranges (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24). */
export function customerAddress(): string {
  const [net = 0, host = 0] = randomBytes(2);
  return `${['192.0.2', '198.51.100', '203.0.113'][net % 3]}.${1 + (host % 254)}`;
}

/**
 * A real account: registered through the API, verified with the link from the mail the portal sent. Each one
 * registers from its own address (a documentation-range IP in X-Forwarded-For; the journey server trusts the proxy
 * header), as customers do: the suite creates more accounts than one address may register in an hour.
 */
export async function createVerifiedUser(
  request: APIRequestContext,
  nickname?: string,
  mailDir?: string,
): Promise<TestUser> {
  const email = `e2e-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'E2e-password1';
  await ok(
    await request.post(`${API}/auth/register`, {
      headers: { 'x-forwarded-for': customerAddress() },
      data: { email, password, confirm_password: password, ...(nickname ? { nickname } : {}) },
    }),
  );
  const token = new URL(await linkFromMail(email, '/verify-email', mailDir)).searchParams.get('token');
  await ok(await request.post(`${API}/auth/verify-email`, { data: { token } }));
  return { email, password };
}

/** Logs the user in through the API and hands the tokens to the page, as a remembered login would. */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  const tokens = await ok<{ access_token: string; refresh_token: string }>(
    await page.request.post(`${API}/auth/login`, {
      headers: { 'x-forwarded-for': customerAddress() },
      data: { email: user.email, password: user.password, remember_me: true },
    }),
  );
  await handTokens(page, tokens);
}

/**
 * A staff member signed in on the page with a two-factor session: logged in with the password, then enrolled in
 * that session through the API (as `staffAccessToken`), so the console answers at once.
 */
export async function signInStaff(page: Page, user: TestUser): Promise<void> {
  const tokens = await ok<{ access_token: string; refresh_token: string }>(
    await page.request.post(`${API}/auth/login`, {
      headers: { 'x-forwarded-for': customerAddress() },
      data: { email: user.email, password: user.password, remember_me: true },
    }),
  );
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const { secret } = await ok<{ secret: string }>(
    await page.request.post(`${API}/auth/2fa/setup`, { headers }),
  );
  await ok(await page.request.post(`${API}/auth/2fa/enable`, { headers, data: { code: totp(secret) } }));
  await handTokens(page, tokens);
}

async function handTokens(
  page: Page,
  tokens: { access_token: string; refresh_token: string },
): Promise<void> {
  await page.addInitScript((t) => {
    if (!localStorage.getItem('token')) {
      localStorage.setItem('token', t.access_token);
      localStorage.setItem('refresh_token', t.refresh_token);
    }
  }, tokens);
}

/**
 * A staff member's API session: signed in with the password, then two-factor enrolled in that session (staff
 * endpoints answer only two-factor sessions), as the console's own journey does in the browser.
 */
export async function staffAccessToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const { access_token } = await ok<{ access_token: string }>(
    await request.post(`${API}/auth/login`, {
      headers: { 'x-forwarded-for': customerAddress() },
      data: { email: user.email, password: user.password },
    }),
  );
  const headers = { authorization: `Bearer ${access_token}` };
  const { secret } = await ok<{ secret: string }>(await request.post(`${API}/auth/2fa/setup`, { headers }));
  await ok(await request.post(`${API}/auth/2fa/enable`, { headers, data: { code: totp(secret) } }));
  return access_token;
}
