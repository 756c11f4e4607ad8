import * as portalContract from '@portal/contract';
import * as adminContract from '@portal/contract/admin';
import {
  ADMIN_API_PREFIX,
  ERRORS,
  fillPath,
  hasPermission,
  STAFF_ROLES,
  USER_ROLES,
  ROLE_PERMISSIONS,
  type ContactConfig,
  type Endpoint,
  type UserRole,
} from '@portal/contract';
import { type AuditRecord, type StaffMe } from '@portal/contract/admin';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithRole, call, enrolTwoFactor, login } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';

/** Every staff endpoint of the contract: a new one is in the matrix without touching this test. */
const contract = { ...portalContract, ...adminContract };
const STAFF_ENDPOINTS: Endpoint[] = Object.entries(contract)
  .filter(([name, value]) => name.endsWith('Api') && typeof value === 'object' && value !== null)
  .flatMap(([, api]) => Object.values(api as Record<string, unknown>))
  .filter((value): value is Endpoint => typeof value === 'object' && value !== null && 'permission' in value);

describe(`staff roles and the audit log (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const tokens = new Map<UserRole, string>();

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000' } });
    for (const role of USER_ROLES)
      tokens.set(role, (await accountWithRole(t.app, t.database.handle.db, role)).token);
  });
  afterAll(() => t.close());

  it('finds the staff endpoints in the contract, each under the staff prefix with a known permission', () => {
    expect(STAFF_ENDPOINTS.length).toBeGreaterThanOrEqual(22);
    for (const endpoint of STAFF_ENDPOINTS) {
      expect(contract.PERMISSIONS, endpoint.path).toContain(endpoint.permission);
      expect(endpoint.auth, endpoint.path).toBe(true);
    }
  });

  it('answers every role on every staff endpoint as its permissions say (40002 before reading the request)', async () => {
    const wrong: string[] = [];
    for (const endpoint of STAFF_ENDPOINTS) {
      const url = `${ADMIN_API_PREFIX}${fillPath(endpoint.path, Object.fromEntries([...endpoint.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, 999999])))}`;
      const payload = endpoint.method === 'GET' ? undefined : { nonsense: true };
      const anonymous = await call(t.app, { method: endpoint.method, url, payload });
      if (anonymous.code !== 40001) wrong.push(`anonymous ${endpoint.method} ${url}: ${anonymous.code}`);
      for (const role of USER_ROLES) {
        const res = await t.app.inject({
          method: endpoint.method,
          url,
          payload,
          headers: { authorization: `Bearer ${tokens.get(role)}` },
        });
        // A file (CSV) when let through; the JSON envelope otherwise.
        const code = String(res.headers['content-type'] ?? '').startsWith('application/json')
          ? res.json<{ code: number }>().code
          : res.statusCode;
        const allowed = hasPermission(role, endpoint.permission!);
        if (allowed ? code === 40002 || code === 40001 : code !== 40002)
          wrong.push(`${role} ${endpoint.method} ${url}: ${code} (${allowed ? 'allowed' : 'refused'})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers a staff member without two-factor 40120 on every staff endpoint, whatever the role', async () => {
    const wrong: string[] = [];
    const withoutTwoFactor = new Map<string, string>();
    for (const role of STAFF_ROLES)
      withoutTwoFactor.set(
        role,
        (await accountWithRole(t.app, t.database.handle.db, role, { twoFactor: false })).token,
      );
    // Two-factor on, but this session was opened before enrolment (password only): refused as well.
    const enrolledElsewhere = await accountWithRole(t.app, t.database.handle.db, 'owner');
    const older = (await login(t.app, enrolledElsewhere.email)) as unknown as { access_token?: string };
    expect(older.access_token).toBeUndefined(); // the password alone now gives a challenge, not a session
    const oldSession = await accountWithRole(t.app, t.database.handle.db, 'admin', { twoFactor: false });
    const secondSession = (await login(t.app, oldSession.email)).access_token;
    await enrolTwoFactor(t.app, secondSession);
    withoutTwoFactor.set('admin, session from before enrolment', oldSession.token);
    for (const endpoint of STAFF_ENDPOINTS) {
      const url = `${ADMIN_API_PREFIX}${fillPath(endpoint.path, Object.fromEntries([...endpoint.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, 999999])))}`;
      const payload = endpoint.method === 'GET' ? undefined : { nonsense: true };
      for (const [role, token] of withoutTwoFactor) {
        const res = await call(t.app, { method: endpoint.method, url, payload, token });
        if (res.code !== ERRORS.TWO_FACTOR_REQUIRED.code)
          wrong.push(`${role} ${endpoint.method} ${url}: ${res.code}`);
      }
    }
    expect(wrong).toEqual([]);
    // The session enrolment happened in answers.
    expect((await call(t.app, { url: `${ADMIN_API_PREFIX}/me`, token: secondSession })).code).toBe(20000);
  });

  it('gives each role what it is for', () => {
    expect(STAFF_ROLES.filter((role) => hasPermission(role, 'staff.manage'))).toEqual(['owner']);
    expect(hasPermission('support', 'money.read')).toBe(false);
    expect(hasPermission('support', 'tickets.write')).toBe(true);
    expect(hasPermission('finance', 'money.write')).toBe(true);
    expect(hasPermission('finance', 'tickets.read')).toBe(false);
    expect(
      contract.PERMISSIONS.filter((p) => hasPermission('viewer', p)).every(
        (p) => p.endsWith('.read') || p === 'console.access',
      ),
    ).toBe(true);
    expect(STAFF_ROLES.every((role) => hasPermission(role, 'console.access'))).toBe(true);
    expect(hasPermission('user', 'content.read')).toBe(false);
  });

  it('records a staff write with who, role, what, the changed fields, address and browser', async () => {
    const current = await call<ContactConfig>(t.app, {
      url: `${ADMIN_API_PREFIX}/site/contact`,
      token: tokens.get('support'),
    });
    const next: ContactConfig = { ...current.data, email_reply_hours: 6 };
    const saved = await call(t.app, {
      method: 'PUT',
      url: `${ADMIN_API_PREFIX}/site/contact`,
      token: tokens.get('support'),
      payload: next,
      headers: { 'user-agent': 'AuditTest/1.0' },
    });
    expect(saved.code).toBe(20000);
    const rows = await t.database.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'site.contact.update')
      .execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      actor_role: 'support',
      target_type: 'site_content',
      user_agent: 'AuditTest/1.0',
    });
    expect(row.actor_email).toMatch(/^role-support/);
    expect(row.ip).toBeTruthy();
    expect(JSON.parse(row.changes!)).toEqual({ before: null, after: { value: next } });
    // A refused write leaves no record.
    const refused = await call(t.app, {
      method: 'PUT',
      url: `${ADMIN_API_PREFIX}/site/contact`,
      token: tokens.get('viewer'),
      payload: next,
    });
    expect(refused.code).toBe(40002);
    expect(
      await t.database.handle.db
        .selectFrom('audit_log')
        .select('id')
        .where('actor_role', '=', 'viewer')
        .execute(),
    ).toEqual([]);
  });

  it('keeps only the fields that changed, before and after', async () => {
    const admin = tokens.get('admin');
    const created = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: `${ADMIN_API_PREFIX}/announcements`,
      token: admin,
      payload: { title: 'Maintenance', content: 'Tonight' },
    });
    expect(created.code).toBe(20000);
    const updated = await call(t.app, {
      method: 'PUT',
      url: `${ADMIN_API_PREFIX}/announcements/${created.data.id}`,
      token: admin,
      payload: { title: 'Maintenance', content: 'Tomorrow' },
    });
    expect(updated.code).toBe(20000);
    const rows = await t.database.handle.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'changes'])
      .where('target_type', '=', 'announcement')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['announcement.create', 'announcement.update']);
    expect(rows[1]!.target_id).toBe(String(created.data.id));
    expect(JSON.parse(rows[1]!.changes!)).toEqual({
      before: { content: 'Tonight' },
      after: { content: 'Tomorrow' },
    });
  });

  it('is append-only: the database refuses to change or remove a record', async () => {
    const db = t.database.handle.db;
    const [first] = await db.selectFrom('audit_log').select('id').orderBy('id').limit(1).execute();
    expect(first).toBeDefined();
    await expect(
      db.updateTable('audit_log').set({ action: 'forged' }).where('id', '=', first!.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('audit_log').where('id', '=', first!.id).execute()).rejects.toThrow(
      /append-only/,
    );
    if (TEST_DIALECT === 'postgres')
      await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    expect(await db.selectFrom('audit_log').select('id').where('id', '=', first!.id).execute()).toHaveLength(
      1,
    );
  });

  it('tells a staff member their role and permissions, and nobody else', async () => {
    for (const role of STAFF_ROLES) {
      const r = await call<StaffMe>(t.app, { url: `${ADMIN_API_PREFIX}/me`, token: tokens.get(role) });
      expect(r.code, role).toBe(20000);
      expect(r.data.role).toBe(role);
      expect(r.data.permissions).toEqual([...ROLE_PERMISSIONS[role]]);
    }
    expect((await call(t.app, { url: `${ADMIN_API_PREFIX}/me`, token: tokens.get('user') })).code).toBe(
      40002,
    );
  });

  it('lists the log newest first, filtered, a page at a time, and exports it as CSV', async () => {
    const owner = tokens.get('owner');
    const page = (query: string) =>
      call<{ items: AuditRecord[]; next_before: number | null }>(t.app, {
        url: `${ADMIN_API_PREFIX}/audit?${query}`,
        token: owner,
      });
    const all = await page('size=200');
    expect(all.code).toBe(20000);
    const ids = all.data.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const announcements = await page('action=announcement.&size=1');
    expect(announcements.data.items.map((item) => item.action)).toEqual(['announcement.update']);
    expect(announcements.data.next_before).toBe(announcements.data.items[0]!.id);
    const next = await page(`action=announcement.&size=1&before=${announcements.data.next_before}`);
    expect(next.data.items.map((item) => item.action)).toEqual(['announcement.create']);
    expect(next.data.next_before).toBeNull();
    expect((await page('action=announcement.update')).data.items).toHaveLength(1);
    expect(
      (await page(`from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).data.items,
    ).toEqual([]);
    expect((await page('size=0')).code).toBe(ERRORS.VALIDATION.code);
    expect((await page('from=yesterday')).code).toBe(ERRORS.VALIDATION.code);
    // Support may not read the log.
    expect((await call(t.app, { url: `${ADMIN_API_PREFIX}/audit`, token: tokens.get('support') })).code).toBe(
      40002,
    );

    // A value that a spreadsheet would run as a formula is written as text.
    await call(t.app, {
      method: 'PUT',
      url: `${ADMIN_API_PREFIX}/site/dealers`,
      token: owner,
      payload: (await call<object>(t.app, { url: `${ADMIN_API_PREFIX}/site/dealers`, token: owner })).data,
      headers: { 'user-agent': '=HYPERLINK("http://evil.test")' },
    });
    const res = await t.app.inject({
      url: `${ADMIN_API_PREFIX}/audit/export`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,actor_id,actor_email,actor_role,action,target_type,target_id,changes,ip,user_agent',
    );
    expect(lines).toHaveLength(all.data.items.length + 2);
    expect(lines[1]).toContain('site.dealers.update');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const refused = await t.app.inject({
      url: `${ADMIN_API_PREFIX}/audit/export`,
      headers: { authorization: `Bearer ${tokens.get('finance')}` },
    });
    expect(refused.statusCode).toBe(200);
    const viewer = await t.app.inject({
      url: `${ADMIN_API_PREFIX}/audit/export`,
      headers: { authorization: `Bearer ${tokens.get('viewer')}` },
    });
    expect(viewer.statusCode).toBe(403);

    // An action prefix holding `_` (a LIKE wildcard) matches as written, on SQLite as on PostgreSQL.
    for (const action of ['code_batch.lock', 'codexbatch.lock']) {
      await t.database.handle.db
        .insertInto('audit_log')
        .values({
          actor_id: 1,
          actor_email: 'owner@example.com',
          actor_role: 'owner',
          action,
          target_type: 'code_batch',
          target_id: '1',
          changes: null,
          ip: null,
          user_agent: null,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    expect((await page('action=code_batch.')).data.items.map((item) => item.action)).toEqual([
      'code_batch.lock',
    ]);
  });
});
