import './zod-setup.js';

/**
 * The staff API's endpoints and shapes (the operators' console and the server): an entry of its own
 * (`@portal/contract/admin`), so none of it is in the customer app's bundles.
 */
export * as staffApi from './endpoints/staff.js';
export * as packageAdminApi from './endpoints/package-admin.js';
export * as userAdminApi from './endpoints/user-admin.js';
export type {
  AdminUser,
  Segment,
  SegmentMailingInfo,
  UserSort,
  SegmentMailTexts,
  UserDetail,
  UserFilter,
  UserTopup,
} from './endpoints/user-admin.js';
export type {
  AdminPackage,
  PackageInput,
  TrafficReset,
  TrialSettings,
  TrialSettingsInput,
} from './endpoints/package-admin.js';
export { TRAFFIC_RESETS, PACKAGE_LIMITS } from './endpoints/package-admin.js';
export * as adminNodesApi from './endpoints/admin-nodes.js';
export {
  NODE_AGENTS,
  agentCannotRun,
  type NodeAgent,
  type AgentSupportInput,
} from './endpoints/agent-support.js';
export * as agentSettingsAdminApi from './endpoints/agent-settings-admin.js';
export type {
  AgentRouteAction,
  AgentRouteData,
  AgentRouteInput,
  AgentSettingsData,
  AgentSettingsInput,
} from './endpoints/agent-settings-admin.js';
export {
  AGENT_ROUTE_ACTIONS,
  AGENT_SETTINGS_LIMITS,
  SNIFFED_PROTOCOLS,
  XRAYR_ROUTE_ACTIONS,
} from './endpoints/agent-settings-admin.js';
export * as moneyApi from './endpoints/money.js';
export * as overviewAdminApi from './endpoints/overview-admin.js';
export type {
  MoneyOverview,
  NodesOverview,
  OverviewPeriod,
  OverviewPeriods,
  TicketsOverview,
  TopupMethod,
  UsersOverview,
} from './endpoints/overview-admin.js';
export {
  EXPIRING_DAYS,
  OVERVIEW_DAYS,
  OVERVIEW_PERIODS,
  OVERVIEW_WEEK_DAYS,
  TOPUP_METHODS,
} from './endpoints/overview-admin.js';
export type { AuditRecord, StaffMe, StaffMember } from './endpoints/staff.js';
export type {
  AdminNode,
  AgentConfig,
  NodeGroup,
  NodeInput,
  NodeInputParsed,
  SsPluginInput,
  Hysteria2Input,
  TuicInput,
} from './endpoints/admin-nodes.js';
export {
  SS_CIPHERS,
  NODE_TRANSPORTS,
  NODE_LIMITS,
  TCP_HEADERS,
  XHTTP_MODES,
  PROTOCOL_TRANSPORTS,
  VLESS_FLOWS,
  TLS_FINGERPRINTS,
  REALITY_TRANSPORTS,
  SS_PLUGINS,
  SS_OBFS_MODES,
  HY2_OBFS,
  TUIC_CONGESTION_CONTROLS,
  TUIC_UDP_RELAY_MODES,
  QUIC_LIMITS,
  parseHopPorts,
  hysteria2Input,
  tuicInput,
} from './endpoints/admin-nodes.js';
export type {
  AdminOrder,
  AdminLedgerEntry,
  AdminTopup,
  AdminTransfer,
  RefundPreview,
  TransferStatus,
  UsdtSettings,
  UsdtSettingsInput,
  CodeBatch,
  AdminCode,
} from './endpoints/money.js';
export * as announcementAdminApi from './endpoints/announcement-admin.js';
export * as ticketAdminApi from './endpoints/ticket-admin.js';
export * as helpAdminApi from './endpoints/help-admin.js';
export * as siteAdminApi from './endpoints/site-admin.js';
export type {
  AdminTicketSummary,
  AdminTicketDetail,
  TicketAssignee,
  TicketSort,
} from './endpoints/ticket-admin.js';
export type { TimeSort } from './endpoints/money.js';
export type {
  AnnouncementInput,
  AnnouncementState,
  AnnouncementTranslations,
  AdminAnnouncement,
} from './endpoints/announcement-admin.js';
export { ANNOUNCEMENT_STATES } from './endpoints/announcement-admin.js';
export type {
  AdminHelpCategory,
  AdminHelpDocument,
  AdminHelpDocumentItem,
  HelpCategoryInput,
  HelpDocumentInput,
  HelpDocumentPatch,
} from './endpoints/help-admin.js';
