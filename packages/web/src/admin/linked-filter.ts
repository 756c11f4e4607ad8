import { useState } from 'react';
import { useSearchParams } from '../lib/router';
import { localInputOf } from './local-time';

/**
 * The filter a link opened a list with (the overview's cards: `/orders?from=…&to=…`, `/users?subscribed=true`):
 * the named URL parameters as they were when the page opened. The page starts its form and its filter from them;
 * what the operator changes afterwards stays in the page.
 */
export function useLinkedFilter<K extends string>(names: readonly K[]): Partial<Record<K, string>> {
  const [params] = useSearchParams();
  const [linked] = useState(() => {
    const out: Partial<Record<K, string>> = {};
    for (const name of names) {
      const value = params.get(name);
      if (value) out[name] = value;
    }
    return out;
  });
  return linked;
}

/** A linked time as the form's `datetime-local` value. */
export const linkedTime = localInputOf;

/** A linked yes/no filter ('true', 'false'), or '' for anything else. */
export function linkedFlag(value: string | undefined): '' | 'true' | 'false' {
  return value === 'true' || value === 'false' ? value : '';
}
