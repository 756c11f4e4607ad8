/** The console's calls, built from the contract's staff endpoints. */
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_API_PREFIX, staffApi } from '@portal/contract';
import type { EndpointQuery } from '@portal/contract';
import { apiRequest } from '../lib/api-client';
import { apiQueryKey, useApiMutation, useApiQuery } from '../lib/query';
import { getAccessToken } from '../lib/token-store';

export const ME_KEY = apiQueryKey(staffApi.me);

/** The staff member signed in, with the role's permissions; 40002 for a customer. Not asked without a session. */
export function useStaffMe(signedIn: boolean) {
  return useApiQuery(staffApi.me, {}, { retry: false, staleTime: 60_000, enabled: signedIn });
}

export type AuditFilter = Omit<EndpointQuery<typeof staffApi.auditLog>, 'before' | 'size'>;

const AUDIT_PAGE = 50;

/** The audit log, newest first, a page after another ("load more" follows the cursor). */
export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: [...apiQueryKey(staffApi.auditLog, { query: filter }), 'pages'],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        staffApi.auditLog,
        { query: { ...filter, size: AUDIT_PAGE, before: pageParam } },
        { signal },
      ),
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
}

/** Downloads the filtered log as CSV (the session is refreshed first if it must be). */
export async function downloadAuditCsv(filter: AuditFilter): Promise<void> {
  await apiRequest(staffApi.me);
  const params = new URLSearchParams(
    Object.entries(filter).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  );
  const response = await fetch(`${ADMIN_API_PREFIX}${staffApi.exportAuditLog.path}?${params.toString()}`, {
    headers: { authorization: `Bearer ${getAccessToken() ?? ''}` },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'audit.csv';
  link.click();
  URL.revokeObjectURL(url);
}

export const STAFF_KEY = apiQueryKey(staffApi.listStaff);

export function useStaffList() {
  return useApiQuery(staffApi.listStaff, {}, { retry: 1 });
}

export function useAddStaff() {
  const queryClient = useQueryClient();
  return useApiMutation(staffApi.addStaff, {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

export function useSetStaffRole() {
  const queryClient = useQueryClient();
  return useApiMutation(staffApi.setStaffRole, {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
