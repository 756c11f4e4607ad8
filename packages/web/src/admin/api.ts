/** The console's calls, built from the contract's staff endpoints. */
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { authApi, TICKETS } from '@portal/contract';
import {
  adminNodesApi,
  agentSettingsAdminApi,
  moneyApi,
  overviewAdminApi,
  packageAdminApi,
  staffApi,
  ticketAdminApi,
  userAdminApi,
} from '@portal/contract/admin';
import type { AdminTicketDetail } from '@portal/contract/admin';
import type { Endpoint, EndpointData, EndpointQuery } from '@portal/contract';
import type { RequestInput } from '../lib/api-client';
import { apiRequest } from '../lib/api-client';
import { apiQueryKey, useApiMutation, useApiQuery } from '../lib/query';

/**
 * A staff write: after it succeeds, every query whose staff path matches `paths` is asked again (a list, its rows'
 * pages, the figures around them).
 */
function useStaffWrite<E extends Endpoint>(endpoint: E, paths: RegExp) {
  const queryClient = useQueryClient();
  return useApiMutation(endpoint, {
    onSuccess: () =>
      void queryClient.invalidateQueries({ predicate: (q) => paths.test(String(q.queryKey[1] ?? '')) }),
  });
}

const STAFF_PATHS = /^\/staff\b/;
const PACKAGE_PATHS = /^\/packages\b/;
const USER_PATHS = /^\/users\b/;
const NODE_PATHS = /^\/node/;
const AGENT_SETTINGS_PATHS = /^\/agent-settings\b/;
const MONEY_PATHS = /^\/(orders|ledger|topups|codes|settings)\b/;

export const ME_KEY = apiQueryKey(staffApi.me);

/** The staff member signed in, with the role's permissions; 40002 for a customer. Not asked without a session. */
export function useStaffMe(signedIn: boolean) {
  return useApiQuery(staffApi.me, {}, { retry: false, staleTime: 60_000, enabled: signedIn });
}

/** Whether the signed-in account has two-factor on (asked when the console answers 40120). */
export function useOwnTwoFactor(enabled: boolean) {
  return useApiQuery(authApi.twoFactorStatus, {}, { retry: false, enabled });
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

export function useStaffList() {
  return useApiQuery(staffApi.listStaff, {}, { retry: 1 });
}

export function useAddStaff() {
  return useStaffWrite(staffApi.addStaff, STAFF_PATHS);
}

export function useSetStaffRole() {
  return useStaffWrite(staffApi.setStaffRole, STAFF_PATHS);
}

/** The catalogue, every package with its figures (a short list: no pages). */
export function usePackages() {
  return useApiQuery(packageAdminApi.list, {}, { retry: 1 });
}

export const useCreatePackage = () => useStaffWrite(packageAdminApi.create, PACKAGE_PATHS);
export const useUpdatePackage = () => useStaffWrite(packageAdminApi.update, PACKAGE_PATHS);
export const useSetPackageOnSale = () => useStaffWrite(packageAdminApi.setOnSale, PACKAGE_PATHS);
export const useReorderPackages = () => useStaffWrite(packageAdminApi.reorder, PACKAGE_PATHS);
export const useDeletePackage = () => useStaffWrite(packageAdminApi.remove, PACKAGE_PATHS);

export function useTrialSettings() {
  return useApiQuery(packageAdminApi.getTrial, {}, { retry: 1 });
}

export const useSaveTrial = () => useStaffWrite(packageAdminApi.setTrial, PACKAGE_PATHS);

export type UserListFilter = Omit<EndpointQuery<typeof userAdminApi.list>, 'before' | 'size'>;

const USER_PAGE = 50;

/** Accounts, newest first, a page after another ("load more" follows the cursor). */
export function useUserList(filter: UserListFilter) {
  return useInfiniteQuery({
    queryKey: [...apiQueryKey(userAdminApi.list, { query: filter }), 'pages'],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(userAdminApi.list, { query: { ...filter, size: USER_PAGE, before: pageParam } }, { signal }),
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
}

export function useUserDetail(id: number) {
  return useApiQuery(userAdminApi.get, { params: { id } }, { retry: 1 });
}

export const useAdjustBalance = () => useStaffWrite(userAdminApi.adjustBalance, USER_PATHS);
export const useSetUserDisabled = () => useStaffWrite(userAdminApi.setDisabled, USER_PATHS);
export const useRevokeUserSessions = () => useStaffWrite(userAdminApi.revokeSessions, USER_PATHS);
export const useMarkVerified = () => useStaffWrite(userAdminApi.markVerified, USER_PATHS);
export const useResendVerification = () => useStaffWrite(userAdminApi.resendVerification, USER_PATHS);
export const useSendPasswordReset = () => useStaffWrite(userAdminApi.sendPasswordReset, USER_PATHS);
export const useGrantSubscription = () => useStaffWrite(userAdminApi.grantSubscription, USER_PATHS);
export const useExtendSubscription = () => useStaffWrite(userAdminApi.extendSubscription, USER_PATHS);
export const useResetSubscriptionLink = () => useStaffWrite(userAdminApi.resetSubscriptionLink, USER_PATHS);
export const useResetSubscriptionTraffic = () =>
  useStaffWrite(userAdminApi.resetSubscriptionTraffic, USER_PATHS);
export const useBulkDisable = () => useStaffWrite(userAdminApi.bulkDisable, USER_PATHS);
export const useMailSegment = () => useStaffWrite(userAdminApi.mailSegment, USER_PATHS);

export type SegmentQuery = EndpointQuery<typeof userAdminApi.previewSegment>;

/** How many customers a segment reaches now (asked again as the segment changes). */
export function useSegmentPreview(segment: SegmentQuery, enabled: boolean) {
  return useApiQuery(
    userAdminApi.previewSegment,
    { query: segment },
    { enabled, retry: false, staleTime: 0 },
  );
}
// ---- nodes and node groups ----

export type NodeFilter = Omit<EndpointQuery<typeof adminNodesApi.listNodes>, 'size'>;

export function useAdminNodes(filter: NodeFilter) {
  return useApiQuery(adminNodesApi.listNodes, { query: { ...filter, size: 20 } }, { retry: 1 });
}

export function useNodeGroups() {
  return useApiQuery(adminNodesApi.listNodeGroups, {}, { retry: 1 });
}

export function useNodeTraffic(id: number) {
  return useApiQuery(adminNodesApi.nodeTraffic, { params: { id } }, { retry: 1 });
}

export function useNodeAgentConfig(id: number, enabled: boolean) {
  return useApiQuery(adminNodesApi.nodeAgentConfig, { params: { id } }, { retry: 1, enabled });
}

export const useCreateNode = () => useStaffWrite(adminNodesApi.createNode, NODE_PATHS);
export const useUpdateNode = () => useStaffWrite(adminNodesApi.updateNode, NODE_PATHS);
export const useSetNodeEnabled = () => useStaffWrite(adminNodesApi.setNodeEnabled, NODE_PATHS);
export const useSetNodeMaintenance = () => useStaffWrite(adminNodesApi.setNodeMaintenance, NODE_PATHS);
export const useDeleteNode = () => useStaffWrite(adminNodesApi.deleteNode, NODE_PATHS);
export const useIssueNodeToken = () => useStaffWrite(adminNodesApi.issueNodeToken, NODE_PATHS);
/** The rules and the device-counting minimum every node's agent applies. */
export function useAgentSettings() {
  return useApiQuery(agentSettingsAdminApi.getAgentSettings, {}, { retry: 1 });
}

export const useSaveAgentSettings = () =>
  useStaffWrite(agentSettingsAdminApi.setAgentSettings, AGENT_SETTINGS_PATHS);

export const useCreateNodeGroup = () => useStaffWrite(adminNodesApi.createNodeGroup, NODE_PATHS);
export const useUpdateNodeGroup = () => useStaffWrite(adminNodesApi.updateNodeGroup, NODE_PATHS);
export const useDeleteNodeGroup = () => useStaffWrite(adminNodesApi.deleteNodeGroup, NODE_PATHS);
// ---- orders and money (issue 17 §7) ----

type CursorEndpoint =
  | typeof moneyApi.listOrders
  | typeof moneyApi.listLedger
  | typeof moneyApi.listTopups
  | typeof moneyApi.listTransfers
  | typeof moneyApi.listCodeBatches
  | typeof moneyApi.listCodes
  | typeof userAdminApi.topups
  | typeof userAdminApi.tickets
  | typeof userAdminApi.listMailings;

export type MoneyFilter<E extends CursorEndpoint> = Omit<EndpointQuery<E>, 'before' | 'size'>;

const MONEY_PAGE = 50;

/**
 * A list newest first, a page after another ("load more" follows the cursor): the money lists, and an account's
 * own lists (`params: { id }`, shorter pages).
 */
export function useCursorList<E extends CursorEndpoint>(
  endpoint: E,
  filter: MoneyFilter<E>,
  options: { params?: Record<string, string | number>; size?: number; refetchMs?: number } = {},
) {
  const { params, size = MONEY_PAGE, refetchMs } = options;
  return useInfiniteQuery({
    ...(refetchMs ? { refetchInterval: refetchMs } : {}),
    queryKey: [...apiQueryKey(endpoint, { params, query: filter } as RequestInput<E>), 'pages'],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(endpoint, { params, query: { ...filter, size, before: pageParam } } as RequestInput<E>, {
        signal,
      }),
    getNextPageParam: (last: EndpointData<E>) => last.next_before ?? undefined,
  });
}

export function useRefundPreview(orderId: number | null) {
  return useApiQuery(
    moneyApi.refundPreview,
    { params: { id: orderId ?? 0 } },
    { enabled: orderId !== null, retry: false, staleTime: 0 },
  );
}

export function useRefundOrder() {
  return useStaffWrite(moneyApi.refundOrder, MONEY_PATHS);
}

export function useCreditTransfer() {
  return useStaffWrite(moneyApi.creditTransfer, MONEY_PATHS);
}

export function useIgnoreTransfer() {
  return useStaffWrite(moneyApi.ignoreTransfer, MONEY_PATHS);
}

export function useUsdtSettings() {
  return useApiQuery(moneyApi.getUsdtSettings, {}, { retry: 1 });
}

export function useSaveUsdtSettings() {
  return useStaffWrite(moneyApi.saveUsdtSettings, MONEY_PATHS);
}

export function useCreateCodeBatch() {
  return useStaffWrite(moneyApi.createCodeBatch, MONEY_PATHS);
}

export function useSetBatchStatus() {
  return useStaffWrite(moneyApi.setBatchStatus, MONEY_PATHS);
}

export function useSetCodeStatus() {
  return useStaffWrite(moneyApi.setCodeStatus, MONEY_PATHS);
}

/** The overview's areas, each asked only when the role may read it (the page shows the cards it can). */
const overviewOptions = (enabled: boolean) => ({ enabled, retry: 1, staleTime: 60_000 });
export const useMoneyOverview = (enabled: boolean) =>
  useApiQuery(overviewAdminApi.moneyOverview, {}, overviewOptions(enabled));
export const useUsersOverview = (enabled: boolean) =>
  useApiQuery(overviewAdminApi.usersOverview, {}, overviewOptions(enabled));
export const useNodesOverview = (enabled: boolean) =>
  useApiQuery(overviewAdminApi.nodesOverview, {}, overviewOptions(enabled));
export const useTicketsOverview = (enabled: boolean) =>
  useApiQuery(overviewAdminApi.ticketsOverview, {}, overviewOptions(enabled));

// ---- tickets ----

export type TicketListFilter = Omit<EndpointQuery<typeof ticketAdminApi.adminListTickets>, 'before' | 'size'>;

const TICKET_PAGE = 50;

/** Every customer's tickets, newest activity first, a page after another ("load more" follows the cursor). */
export function useTicketList(filter: TicketListFilter) {
  return useInfiniteQuery({
    queryKey: [...apiQueryKey(ticketAdminApi.adminListTickets, { query: filter }), 'pages'],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        ticketAdminApi.adminListTickets,
        { query: { ...filter, size: TICKET_PAGE, before: pageParam } },
        { signal },
      ),
    getNextPageParam: (last) => last.next_before ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** The staff members a ticket may be assigned to (the assignee filter and the assign action). */
export function useTicketAssignees() {
  return useApiQuery(ticketAdminApi.adminTicketAssignees, {}, { retry: 1, staleTime: 60_000 });
}

export function adminTicketKey(id: number) {
  return apiQueryKey(ticketAdminApi.adminGetTicket, { params: { id } });
}

/** One ticket with its conversation; asked again every TICKETS.pollMs while the page is visible (new replies). */
export function useAdminTicket(id: number) {
  return useApiQuery(
    ticketAdminApi.adminGetTicket,
    { params: { id } },
    {
      retry: 1,
      staleTime: 0,
      refetchInterval: TICKETS.pollMs,
      refetchIntervalInBackground: false,
      enabled: id > 0,
    },
  );
}

/** The lists and figures a ticket's change moves: the tickets list, the overview's counts, an account's tickets. */
const TICKET_PATHS = /^\/tickets$|^\/overview\/tickets$|^\/users\/:id\/tickets$/;

/** A write on one ticket: its answer (the ticket as it is now) goes into the cache, the lists are asked again. */
function useTicketWrite<
  E extends
    | typeof ticketAdminApi.adminReplyTicket
    | typeof ticketAdminApi.adminSetStatus
    | typeof ticketAdminApi.adminAssign,
>(endpoint: E) {
  const queryClient = useQueryClient();
  return useApiMutation(endpoint, {
    onSuccess: (ticket: AdminTicketDetail) => {
      queryClient.setQueryData(adminTicketKey(ticket.id), ticket);
      void queryClient.invalidateQueries({
        predicate: (q) => TICKET_PATHS.test(String(q.queryKey[1] ?? '')),
      });
    },
  });
}

export const useStaffReplyTicket = () => useTicketWrite(ticketAdminApi.adminReplyTicket);
export const useSetTicketStatus = () => useTicketWrite(ticketAdminApi.adminSetStatus);
export const useAssignTicket = () => useTicketWrite(ticketAdminApi.adminAssign);
