/**
 * 'auth-changed' keeps every part of the page (and every tab, through the `storage` event) in step with the tokens.
 */
import { STORAGE_KEYS } from '@portal/contract';

export const AUTH_CHANGED_EVENT = 'auth-changed';

export function emitAuthChanged(): void {
  window.dispatchEvent(new CustomEvent(AUTH_CHANGED_EVENT));
}

const TOKEN_KEYS: readonly (string | null)[] = [STORAGE_KEYS.token, STORAGE_KEYS.refreshToken, null];

/** Calls `listener` when the session changes in this tab or another one. Returns the unsubscribe function. */
export function subscribeAuthChanged(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null: another tab cleared its storage.
    if (TOKEN_KEYS.includes(event.key)) listener();
  };
  window.addEventListener(AUTH_CHANGED_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(AUTH_CHANGED_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
