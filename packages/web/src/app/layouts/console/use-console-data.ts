import { useEffect, useRef } from 'react';
import { formatMoney, usersApi } from '@portal/contract';
import { signOutWithMessage } from '../../../lib/api-client';
import { PAGE_QUERY_OPTIONS, useApiQuery } from '../../../lib/query';
import { isSignedIn } from '../../../lib/token-store';

/** The signed-in user; a failed load shows its message once, clears the session and goes to /login (800 ms). */
export function useCurrentUser() {
  const query = useApiQuery(usersApi.getProfile, {}, { retry: PAGE_QUERY_OPTIONS.retry });
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
export function useBalanceText(): string {
  const { data, isError } = useApiQuery(usersApi.getBalance, {}, { retry: 1 });
  return formatMoney(isError ? 0 : (data?.balance ?? 0));
}
