import { useEffect, useRef } from 'react';
import { formatMoney } from '@portal/contract';
import { useBalance, useProfile } from '../../../lib/account-queries';
import { signOutWithMessage } from '../../../lib/api-client';
import { isSignedIn } from '../../../lib/token-store';

/** The signed-in user; a failed load shows its message once, clears the session and goes to /login (800 ms). */
export function useCurrentUser() {
  const query = useProfile();
  const handled = useRef(false);
  const { isError, error } = query;
  useEffect(() => {
    if (!isError || handled.current) return;
    handled.current = true;
    // A forced sign-out or a failed refresh has already ended the session and said so.
    if (!isSignedIn()) return;
    signOutWithMessage(error.message);
  }, [isError, error]);
  return query;
}

/** The balance for the sidebar: "1,234.50"; 0 when the call fails. */
export function useBalanceText(): string | null {
  const { data, isError } = useBalance();
  if (isError) return formatMoney(0);
  return data ? formatMoney(data.balance) : null;
}
