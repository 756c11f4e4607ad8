import { ADMIN_API_PREFIX, ERRORS, type UserRole } from '@portal/contract';
import { type StaffMember } from '@portal/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithRole, call } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';

describe(`staff and their roles (${TEST_DIALECT})`, () => {
  let t: TestApp;

  const member = (role: UserRole) => accountWithRole(t.app, t.database.handle.db, role);
  const roleOf = async (id: number) =>
    (
      await t.database.handle.db
        .selectFrom('users')
        .select('role')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).role;
  const ownerCount = async () =>
    (await t.database.handle.db.selectFrom('users').select('id').where('role', '=', 'owner').execute())
      .length;

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'error', RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(() => t.close());

  it('lets an owner list staff, make an account staff and change or take a role, each audited', async () => {
    const owner = await member('owner');
    const admin = await member('admin');
    const customer = await member('user');
    const list = await call<StaffMember[]>(t.app, { url: `${ADMIN_API_PREFIX}/staff`, token: owner.token });
    expect(list.code).toBe(20000);
    expect(list.data.map((m) => m.email)).toEqual(expect.arrayContaining([owner.email, admin.email]));
    expect(list.data.map((m) => m.email)).not.toContain(customer.email);
    // Only owners manage staff.
    expect((await call(t.app, { url: `${ADMIN_API_PREFIX}/staff`, token: admin.token })).code).toBe(40002);

    const added = await call<StaffMember>(t.app, {
      method: 'POST',
      url: `${ADMIN_API_PREFIX}/staff`,
      token: owner.token,
      payload: { email: customer.email.toUpperCase(), role: 'support' },
    });
    expect(added.code).toBe(20000);
    expect(added.data).toMatchObject({ id: customer.id, role: 'support' });
    expect(await roleOf(customer.id)).toBe('support');
    const unknown = await call(t.app, {
      method: 'POST',
      url: `${ADMIN_API_PREFIX}/staff`,
      token: owner.token,
      payload: { email: 'nobody@example.com', role: 'support' },
    });
    expect(unknown.code).toBe(ERRORS.USER_NOT_FOUND.code);

    const finance = await call<StaffMember>(t.app, {
      method: 'PUT',
      url: `${ADMIN_API_PREFIX}/staff/${customer.id}/role`,
      token: owner.token,
      payload: { role: 'finance' },
    });
    expect(finance.data).toMatchObject({ role: 'finance' });
    const demoted = await call<StaffMember | null>(t.app, {
      method: 'PUT',
      url: `${ADMIN_API_PREFIX}/staff/${customer.id}/role`,
      token: owner.token,
      payload: { role: 'user' },
    });
    expect(demoted.code).toBe(20000);
    expect(demoted.data).toBeNull();
    expect(await roleOf(customer.id)).toBe('user');
    // A customer is not a staff member to change.
    const notStaff = await call(t.app, {
      method: 'PUT',
      url: `${ADMIN_API_PREFIX}/staff/${customer.id}/role`,
      token: owner.token,
      payload: { role: 'admin' },
    });
    expect(notStaff.code).toBe(ERRORS.STAFF_NOT_FOUND.code);
    const bad = await call(t.app, {
      method: 'PUT',
      url: `${ADMIN_API_PREFIX}/staff/${admin.id}/role`,
      token: owner.token,
      payload: { role: 'janitor' },
    });
    expect(bad.code).toBe(ERRORS.VALIDATION.code);

    const records = await t.database.handle.db
      .selectFrom('audit_log')
      .select(['action', 'changes', 'actor_id'])
      .where('target_type', '=', 'user')
      .where('target_id', '=', String(customer.id))
      .orderBy('id')
      .execute();
    expect(records.map((r) => [r.action, JSON.parse(r.changes!)])).toEqual([
      ['staff.add', { before: { role: 'user' }, after: { role: 'support' } }],
      ['staff.role', { before: { role: 'support' }, after: { role: 'finance' } }],
      ['staff.role', { before: { role: 'finance' }, after: { role: 'user' } }],
    ]);
    expect(records.every((r) => r.actor_id === owner.id)).toBe(true);
  });

  it('always keeps an owner, also when two owners take the role from each other at the same moment', async () => {
    // Start from exactly two owners.
    for (const row of await t.database.handle.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'owner')
      .execute())
      await t.database.handle.db
        .updateTable('users')
        .set({ role: 'admin' })
        .where('id', '=', row.id)
        .execute();
    const a = await member('owner');
    const b = await member('owner');
    const take = (by: { token: string }, target: { id: number }) =>
      call(t.app, {
        method: 'PUT',
        url: `${ADMIN_API_PREFIX}/staff/${target.id}/role`,
        token: by.token,
        payload: { role: 'admin' },
      });
    for (let round = 0; round < 5; round += 1) {
      const results = await Promise.all([take(a, b), take(b, a)]);
      const codes = results.map((r) => r.code).sort();
      expect(await ownerCount(), `round ${round}: ${codes.join(', ')}`).toBeGreaterThanOrEqual(1);
      // Put both back for the next round.
      await t.database.handle.db
        .updateTable('users')
        .set({ role: 'owner' })
        .where('id', 'in', [a.id, b.id])
        .execute();
    }
    // Alone, an owner cannot step down.
    await t.database.handle.db.updateTable('users').set({ role: 'admin' }).where('id', '=', b.id).execute();
    const alone = await take(a, a);
    expect(alone.code).toBe(ERRORS.STAFF_LAST_OWNER.code);
    expect(await roleOf(a.id)).toBe('owner');
  });
});
