import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

describe('the address to go to after signing in', () => {
  it('takes a path of this site', () => {
    expect(safeNextPath('?next=%2Fadmin')).toBe('/admin');
    expect(safeNextPath('?next=/ops/desk/audit?actor_id=3')).toBe('/ops/desk/audit?actor_id=3');
    expect(safeNextPath('?next=%2Fops%2Fdesk%2Faudit%3Factor_id%3D3')).toBe('/ops/desk/audit?actor_id=3');
  });

  it('refuses anything that could leave the site or is not a path', () => {
    for (const search of [
      '',
      '?next=',
      '?next=https://evil.test',
      '?next=//evil.test',
      '?next=/\\evil.test',
      '?next=%2F%5Cevil.test',
      '?next=javascript:alert(1)',
      '?next=%2F%0D%0Aevil',
      `?next=/${'a'.repeat(600)}`,
    ])
      expect(safeNextPath(search), search).toBeNull();
  });
});
