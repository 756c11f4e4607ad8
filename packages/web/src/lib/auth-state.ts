import { useSyncExternalStore } from 'react';
import { subscribeAuthChanged } from './auth-events';
import { isSignedIn } from './token-store';

/** Signed in = an access token in either store; re-renders on 'auth-changed' and on other tabs' changes. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribeAuthChanged, isSignedIn, () => false);
}
