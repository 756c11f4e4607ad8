import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@portal/contract';
import { createThemeManager, managerValue, resolveColorScheme, toggledScheme } from './color-scheme';

describe('colour scheme rules', () => {
  it('a stored choice wins over the system', () => {
    expect(resolveColorScheme('light', true)).toBe('light');
    expect(resolveColorScheme('dark', false)).toBe('dark');
  });

  it('nothing stored, auto or garbage follows the system', () => {
    for (const stored of [null, undefined, 'auto', 'purple']) {
      expect(resolveColorScheme(stored, true)).toBe('dark');
      expect(resolveColorScheme(stored, false)).toBe('light');
    }
  });

  it('the provider keeps following the system while nothing is stored', () => {
    expect(managerValue(null)).toBe('auto');
    expect(managerValue('auto')).toBe('auto');
    expect(managerValue('dark')).toBe('dark');
  });

  it('the toggle stores the opposite of what is shown', () => {
    expect(toggledScheme('light')).toBe('dark');
    expect(toggledScheme('dark')).toBe('light');
  });

  it('the manager stores light or dark and removes the value for auto', () => {
    const manager = createThemeManager(window.localStorage);
    expect(manager.get('light')).toBe('auto');
    manager.set('dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(manager.get('light')).toBe('dark');
    manager.set('auto');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
    expect(manager.get('light')).toBe('auto');
  });
});
