import { describe, expect, it } from 'vitest';
import { consolePageForPath } from '../../console-pages';
import { formatToday } from './date-text';
import { sidebarName } from './user-name';
import { bellLabel } from '../../../features/announcements';

describe('console helpers', () => {
  it('bell label: hidden at 0, 99+ above 99', () => {
    expect(bellLabel(0)).toBeNull();
    expect(bellLabel(null)).toBeNull();
    expect(bellLabel(5)).toBe('5');
    expect(bellLabel(99)).toBe('99');
    expect(bellLabel(100)).toBe('99+');
  });

  it('today in the UI language', () => {
    const date = new Date(2026, 10, 22);
    expect(formatToday(date, 'zh_CN')).toBe('2026年11月22日 星期日');
    expect(formatToday(date, 'en')).toBe('Sunday, November 22, 2026');
  });

  it('page titles per route', () => {
    expect(consolePageForPath('/')?.key).toBe('dashboard');
    expect(consolePageForPath('/recharge/codes/')?.key).toBe('rechargeCodes');
    expect(consolePageForPath('/nowhere')).toBeNull();
  });

  it('sidebar name: the nickname, else the email without its domain, the fallback only while loading', () => {
    expect(sidebarName({ nickname: ' Ann ', email: 'ann@example.com' }, 'User')).toBe('Ann');
    expect(sidebarName({ nickname: '', email: 'shots@example.com' }, 'User')).toBe('shots');
    expect(sidebarName({ nickname: null, email: 'shots@example.com' }, 'User')).toBe('shots');
    expect(sidebarName({ nickname: '  ', email: 'no-at-sign' }, 'User')).toBe('no-at-sign');
    expect(sidebarName(undefined, 'User')).toBe('User');
  });
});
