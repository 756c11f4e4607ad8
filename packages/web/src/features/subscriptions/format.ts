/** Display helpers of the subscription feature: traffic, saving of a longer cycle, idempotency keys. */
import { toFen } from '../../lib/money';

// Shared with the landing page's pricing, which must not load console code.
export { cycleSaving, formatTraffic } from '../../lib/package-pricing';
export type { CycleSaving } from '../../lib/package-pricing';

/** A fresh key per confirmation dialog: the server pays once per key. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The fen of money strings; null when one is not a valid amount. */
export function fenDifference(a: string, b: string): number | null {
  const x = toFen(a);
  const y = toFen(b);
  return x === null || y === null ? null : x - y;
}
