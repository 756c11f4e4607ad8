/**
 * Theme rules (product rules §4.8): a stored 'light' or 'dark' wins; with nothing stored (or 'auto') the system
 * colour scheme is followed, and keeps being followed while nothing is stored. The toggle stores light or dark.
 */
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { STORAGE_KEYS } from '@portal/contract';

export type StoredTheme = 'light' | 'dark';

export function parseStoredTheme(value: string | null | undefined): StoredTheme | null {
  return value === 'light' || value === 'dark' ? value : null;
}

/** The scheme to show now. */
export function resolveColorScheme(
  stored: string | null | undefined,
  systemPrefersDark: boolean,
): StoredTheme {
  return parseStoredTheme(stored) ?? (systemPrefersDark ? 'dark' : 'light');
}

/** What the Mantine provider should hold: the stored choice, or 'auto' to follow the system. */
export function managerValue(stored: string | null | undefined): MantineColorScheme {
  return parseStoredTheme(stored) ?? 'auto';
}

/** The value the toggle stores: the opposite of what is shown. */
export function toggledScheme(shown: StoredTheme): StoredTheme {
  return shown === 'dark' ? 'light' : 'dark';
}

function read(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(STORAGE_KEYS.theme) ?? null;
  } catch {
    return null;
  }
}

/** Mantine colour-scheme manager over localStorage 'theme'. 'auto' removes the stored value. */
export function createThemeManager(
  storage: Storage | undefined = typeof window === 'undefined' ? undefined : window.localStorage,
): MantineColorSchemeManager {
  let handler: ((event: StorageEvent) => void) | null = null;
  return {
    get: () => managerValue(read(storage)),
    set: (value) => {
      try {
        if (value === 'light' || value === 'dark') storage?.setItem(STORAGE_KEYS.theme, value);
        else storage?.removeItem(STORAGE_KEYS.theme);
      } catch {
        // storage unavailable: the choice lasts for this page only
      }
    },
    subscribe: (onUpdate) => {
      handler = (event) => {
        if (event.storageArea === storage && (event.key === STORAGE_KEYS.theme || event.key === null)) {
          onUpdate(managerValue(event.newValue));
        }
      };
      window.addEventListener('storage', handler);
    },
    unsubscribe: () => {
      if (handler) window.removeEventListener('storage', handler);
      handler = null;
    },
    clear: () => {
      try {
        storage?.removeItem(STORAGE_KEYS.theme);
      } catch {
        // nothing to clear
      }
    },
  };
}
