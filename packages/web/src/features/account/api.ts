/** Hooks of the account pages, built from the contract (product rules §10). */
import { useQueryClient } from '@tanstack/react-query';
import { authApi, QUERY, usersApi } from '@portal/contract';
import type { UserProfile } from '@portal/contract';
import { PROFILE_KEY } from '../../lib/account-queries';
import { apiQueryKey, PAGE_QUERY_OPTIONS, useApiMutation, useApiQuery } from '../../lib/query';

export const SESSIONS_KEY = apiQueryKey(usersApi.listSessions);
export const OAUTH_ACCOUNTS_KEY = apiQueryKey(authApi.oauthAccounts);

/** PATCH /users/profile; the answer replaces the cached profile, so the sidebar shows the new nickname at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useApiMutation(usersApi.updateProfile, {
    onSuccess: (profile: UserProfile) => queryClient.setQueryData(PROFILE_KEY, profile),
  });
}

export function useSessions() {
  return useApiQuery(usersApi.listSessions, {}, PAGE_QUERY_OPTIONS);
}

/** Both session mutations refresh the list afterwards, whatever the answer. */
function useRefreshSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
}

export function useRevokeSession() {
  const onSettled = useRefreshSessions();
  return useApiMutation(usersApi.revokeSession, { onSettled });
}

export function useRevokeOtherSessions() {
  const onSettled = useRefreshSessions();
  return useApiMutation(usersApi.revokeOtherSessions, { onSettled });
}

/** Third-party bindings: stale after 5 minutes, no retry (product rules §9). */
export function useOAuthAccounts() {
  return useApiQuery(authApi.oauthAccounts, {}, { staleTime: QUERY.oauthAccountsStaleMs, retry: false });
}

export function useUnbindOAuth() {
  const queryClient = useQueryClient();
  return useApiMutation(authApi.oauthUnbind, {
    onSettled: () => queryClient.invalidateQueries({ queryKey: OAUTH_ACCOUNTS_KEY }),
  });
}

export const TWO_FACTOR_KEY = apiQueryKey(authApi.twoFactorStatus);

/** Whether two-factor sign-in is on, and how many recovery codes are left. */
export function useTwoFactorStatus() {
  return useApiQuery(authApi.twoFactorStatus, {}, { retry: false });
}

/** Every two-factor change refreshes the status afterwards, whatever the answer. */
function useRefreshTwoFactor() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
}

export function useTwoFactorSetup() {
  return useApiMutation(authApi.twoFactorSetup);
}

export function useTwoFactorEnable() {
  return useApiMutation(authApi.twoFactorEnable, { onSettled: useRefreshTwoFactor() });
}

export function useTwoFactorDisable() {
  return useApiMutation(authApi.twoFactorDisable, { onSettled: useRefreshTwoFactor() });
}

export function useTwoFactorRecoveryCodes() {
  return useApiMutation(authApi.twoFactorRecoveryCodes, { onSettled: useRefreshTwoFactor() });
}
