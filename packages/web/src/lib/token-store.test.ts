import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@portal/contract';
import { AUTH_CHANGED_EVENT, subscribeAuthChanged } from './auth-events';
import {
  clearTokens,
  getAccessToken,
  getRefreshToken,
  isSignedIn,
  replaceTokens,
  saveTokens,
} from './token-store';

describe('token store', () => {
  it('remember-me keeps the tokens in localStorage', () => {
    saveTokens('a', 'r', true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('a');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r');
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('without remember-me the tokens go to sessionStorage', () => {
    saveTokens('a', 'r', false);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('a');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('reading checks both stores', () => {
    sessionStorage.setItem(STORAGE_KEYS.token, 's');
    sessionStorage.setItem(STORAGE_KEYS.refreshToken, 'sr');
    expect(getAccessToken()).toBe('s');
    expect(getRefreshToken()).toBe('sr');
    expect(isSignedIn()).toBe(true);
  });

  it('replaced tokens stay in the store they came from', () => {
    saveTokens('a', 'r', true);
    replaceTokens('a2', 'r2');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('a2');
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    clearTokens();
    saveTokens('b', 'q', false);
    replaceTokens('b2', 'q2');
    expect(sessionStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('q2');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('clearing empties both stores and announces auth-changed', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'l');
    sessionStorage.setItem(STORAGE_KEYS.token, 's');
    const listener = vi.fn();
    window.addEventListener(AUTH_CHANGED_EVENT, listener);
    clearTokens();
    window.removeEventListener(AUTH_CHANGED_EVENT, listener);
    expect(getAccessToken()).toBeNull();
    expect(listener).toHaveBeenCalled();
  });

  it('other tabs are heard through the storage event', () => {
    const listener = vi.fn();
    const stop = subscribeAuthChanged(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
