import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCED_PUBLIC_URL, setMeta } from './lib/meta-repository.js';
import { PASSWORD, call, enrolTwoFactor, login, registerUser, uniqueEmail } from './test/accounts.js';
import { createTestApp, type TestApp } from './test/helpers.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// tsx by its file, so the command also runs from a directory without node_modules.
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Runs `npm run cli -- <args>` as an operator would (from source), against the test's database. */
function cli(
  args: string[],
  env: Record<string, string>,
  cwd = serverRoot,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', tsx, path.join(serverRoot, 'src/cli.ts'), ...args], {
      cwd,
      // Only what an operator's shell would have: no PUBLIC_URL unless the test gives one.
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

// Each test starts the CLI several times from source (tsx compiles it each time): slow on a loaded machine.
describe('operators’ CLI', { timeout: 120_000 }, () => {
  let t: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    env = { DATABASE_URL: t.database.url, SEED_DEMO: 'false' };
  });
  afterAll(async () => t?.close());

  it('mail:outbox shows the verification mail and its link when no SMTP is set; user:verify verifies by hand', async () => {
    const email = await registerUser(t.app, uniqueEmail('cli'));
    const before = await login(t.app, email);

    const outbox = await cli(['mail:outbox', '5'], env);
    expect(outbox.err).toBe('');
    expect(outbox.code).toBe(0);
    expect(outbox.out).toContain(`to ${email}`);
    expect(outbox.out).toMatch(/http:\/\/127\.0\.0\.1:8080\/verify-email\?token=[\w-]+/);
    expect(outbox.out).toContain('SMTP_URL is not set');

    const verified = await cli(['user:verify', email.toUpperCase()], env);
    expect(verified.code).toBe(0);
    expect(verified.out).toContain(`${email} is verified`);
    const row = await t.database.handle.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
    // As after the link: the restricted session is over, a new login gets the full console.
    const old = await call(t.app, {
      method: 'GET',
      url: '/api/v1/portal/users/profile',
      token: before.access_token,
    });
    expect(old.code).toBe(40106);
    const fresh = await login(t.app, email, PASSWORD);
    const profile = await call<{ email_verified: boolean }>(t.app, {
      method: 'GET',
      url: '/api/v1/portal/users/profile',
      token: fresh.access_token,
    });
    expect(profile.data.email_verified).toBe(true);

    expect((await cli(['user:verify', email], env)).out).toContain('was already verified');
    const unknown = await cli(['user:verify', 'nobody@example.com'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('no user nobody@example.com');
  });

  it('node:token tells the agent the address the running server announced, and PUBLIC_URL when given', async () => {
    await setMeta(t.database.handle.db, ANNOUNCED_PUBLIC_URL, 'http://127.0.0.1:9123');
    const added = await cli(
      [
        'node:add',
        '--name',
        'CLI 01',
        '--region',
        'asia',
        '--country',
        'jp',
        '--host',
        'cli.example.net',
        '--port',
        '443',
        '--protocol',
        'vless',
      ],
      env,
    );
    expect(added.code).toBe(0);
    const id = /node (\d+) added/.exec(added.out)?.[1];
    expect(id).toBeDefined();

    const announced = await cli(['node:token', id!], env);
    expect(announced.code).toBe(0);
    expect(announced.out).toContain('ApiHost: http://127.0.0.1:9123 ');

    const given = await cli(['node:token', id!], { ...env, PUBLIC_URL: 'https://panel.example.com' });
    expect(given.out).toContain('ApiHost: https://panel.example.com ');
  });

  it('adjusts a balance through the ledger, proves the books, promotes, lists nodes and unmatched payments', async () => {
    const email = await registerUser(t.app, uniqueEmail('cli-money'));
    const credit = await cli(['balance:adjust', email, '12.50', 'welcome', 'gift'], env);
    expect(credit.out).toContain(`${email}: balance now 12.50`);
    expect((await cli(['balance:adjust', email, '-2.25'], env)).out).toContain('balance now 10.25');
    const refused = await cli(['balance:adjust', email, '-99.00'], env);
    expect(refused.code).toBe(1);
    const entries = await t.database.handle.db
      .selectFrom('ledger_entries')
      .innerJoin('users', 'users.id', 'ledger_entries.user_id')
      .select(['delta_fen', 'memo', 'kind'])
      .where('users.email', '=', email)
      .orderBy('ledger_entries.id')
      .execute();
    expect(entries).toEqual([
      { delta_fen: 1250, memo: 'welcome gift', kind: 'admin_adjust' },
      { delta_fen: -225, memo: null, kind: 'admin_adjust' },
    ]);
    const books = await cli(['ledger:check'], env);
    expect(books.code).toBe(0);
    expect(books.out).toContain('every balance equals its ledger');

    const roleOf = async () =>
      (
        await t.database.handle.db
          .selectFrom('users')
          .select('role')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).role;
    expect((await cli(['user:promote', email], env)).out).toContain('is now staff with the admin role');
    expect(await roleOf()).toBe('admin');
    expect((await cli(['user:promote', email, '--role', 'support'], env)).out).toContain('the support role');
    expect(await roleOf()).toBe('support');
    const unknown = await cli(['user:promote', email, '--role', 'janitor'], env);
    expect(unknown.code).toBe(1);
    expect(await roleOf()).toBe('support');
    expect((await cli(['user:demote', email], env)).out).toContain('is now a regular user');
    expect(await roleOf()).toBe('user');
    expect((await cli(['node:list'], env)).out).toMatch(/\d+ node\(s\)/);
    expect((await cli(['payments:unmatched'], env)).out).toContain('0 transfer(s) need an operator');
  });

  it('user:reset-2fa turns off the two-factor sign-in of a user who lost their device, in the audit log', async () => {
    const email = await registerUser(t.app, uniqueEmail('lost-phone'));
    const token = (await login(t.app, email)).access_token;
    await enrolTwoFactor(t.app, token);
    const status = () =>
      call<{ enabled: boolean }>(t.app, { url: '/api/v1/portal/auth/2fa', token }).then(
        (r) => r.data.enabled,
      );
    expect(await status()).toBe(true);
    const reset = await cli(['user:reset-2fa', email.toUpperCase()], env);
    expect(reset.code).toBe(0);
    expect(reset.out).toContain('two-factor sign-in is off');
    expect(await status()).toBe(false);
    const audit = await t.database.handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'actor_email', 'target_type'])
      .where('action', '=', 'user.two_factor_reset')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: 0, target_type: 'user' });
    expect(audit[0]!.actor_email).toMatch(/^cli:/);
    expect((await cli(['user:reset-2fa', email], env)).out).toContain('had no two-factor sign-in');
    expect((await cli(['user:reset-2fa', 'nobody@example.com'], env)).code).toBe(1);
    expect((await cli(['user:reset-2fa'], env)).code).toBe(1);
  });

  it('reads a .env file in the working directory, as the server does; the real environment wins', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-cli-env-'));
    try {
      writeFileSync(
        path.join(dir, '.env'),
        `DATABASE_URL=${t.database.url}\nSMTP_URL=smtp://127.0.0.1:2525\n`,
      );
      const fromFile = await cli(['mail:outbox', '1'], {}, dir);
      expect(fromFile.code).toBe(0);
      expect(fromFile.out).toContain('SMTP is set');
      const overridden = await cli(['mail:outbox', '1'], { SMTP_URL: 'not-a-url' }, dir);
      expect(overridden.code).toBe(1);
      expect(overridden.err).toMatch(/SMTP_URL/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
