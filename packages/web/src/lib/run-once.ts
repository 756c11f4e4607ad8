/**
 * Single-use operations (an email token, an OAuth code) must reach the server once, even when React runs an
 * effect twice (StrictMode) or the page re-renders: the first call's promise is shared by every caller of the key.
 */
const pending = new Map<string, Promise<unknown>>();

export function runOnce<T>(key: string, operation: () => Promise<T>): Promise<T> {
  let promise = pending.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = operation();
    pending.set(key, promise);
  }
  return promise;
}
