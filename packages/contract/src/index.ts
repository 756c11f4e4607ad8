import './zod-setup.js';
export * from './locales.js';
export * from './errors.js';
export * from './constants.js';
export * from './money.js';
export * from './inputs.js';
export * from './validation.js';
export * from './email-address.js';
export * from './endpoint.js';
export * from './staff.js';
export * from './i18n/validation-messages.js';
export * from './i18n/plural.js';
export * as healthApi from './endpoints/health.js';
export * as authApi from './endpoints/auth.js';
export * as usersApi from './endpoints/users.js';
export * as announcementsApi from './endpoints/announcements.js';
export * as rechargeApi from './endpoints/recharge.js';
export * as walletApi from './endpoints/wallet.js';
export * as subscriptionsApi from './endpoints/subscriptions.js';
export * as nodesApi from './endpoints/nodes.js';
export * as ticketsApi from './endpoints/tickets.js';
export * as helpApi from './endpoints/help.js';
export * as siteApi from './endpoints/site.js';
export * as searchApi from './endpoints/search.js';
export * as dashboardApi from './endpoints/dashboard.js';
export type {
  Package,
  Subscription,
  SubscriptionOrder,
  SubscriptionStatus,
  UpgradeQuote,
  TrafficDay,
  TrialOffer,
  OnlineDevice,
  OnlineDevices,
} from './endpoints/subscriptions.js';
export type { RechargeCode, Topup, TopupStatus, CodeStatus, Network } from './endpoints/recharge.js';
export type { LedgerEntry, LedgerKind } from './endpoints/wallet.js';
export type {
  TokenPair,
  OAuthProvider,
  OAuthAccount,
  TwoFactorChallenge,
  TwoFactorStatus,
} from './endpoints/auth.js';
export { OAUTH_PROVIDERS } from './endpoints/auth.js';
export type { UserProfile, SessionInfo } from './endpoints/users.js';
export type {
  NodeInfo,
  NodeProtocol,
  NodeStatus,
  NodeSummary,
  NodeStatusEntry,
  NodeTransport,
} from './endpoints/nodes.js';
export {
  NODE_PROTOCOLS,
  NODE_REGIONS,
  NODE_STATUSES,
  NODE_TRANSPORTS,
  QUIC_PROTOCOLS,
  isQuicProtocol,
  normaliseRegion,
} from './endpoints/nodes.js';
export type {
  ContactConfig,
  ContactInfo,
  ContactChannel,
  DealersConfig,
  DealersInfo,
  Dealer,
  ChannelType,
  LocalizedText,
} from './endpoints/site.js';
export { contactConfig, dealersConfig, CHANNEL_TYPES } from './endpoints/site.js';
export type {
  TicketStatus,
  TicketCategory,
  TicketPriority,
  TicketAttachment,
  TicketReply,
  TicketSummary,
  TicketDetail,
  AttachmentKind,
  CreateTicketInput,
} from './endpoints/tickets.js';
export { TICKET_STATUSES, TICKET_CATEGORIES, TICKET_PRIORITIES, TICKETS } from './endpoints/tickets.js';
export type {
  Announcement,
  AnnouncementCategory,
  AnnouncementPriority,
  MarkReadResult,
} from './endpoints/announcements.js';
export { ANNOUNCEMENT_CATEGORIES, ANNOUNCEMENT_PRIORITIES } from './endpoints/announcements.js';
export type {
  HelpPlatform,
  HelpCategory,
  HelpDocumentItem,
  HelpDocument,
  HelpMyRating,
  HelpRatingResult,
} from './endpoints/help.js';
export { HELP_PLATFORMS, HELP_LIMITS } from './endpoints/help.js';
export type { Activity, ActivityType } from './endpoints/dashboard.js';
export { ACTIVITY_TYPES, DASHBOARD } from './endpoints/dashboard.js';
export type {
  SearchGroup,
  SearchResults,
  SearchSubscriptionHit,
  SearchOrderHit,
  SearchTicketHit,
  SearchHelpHit,
} from './endpoints/search.js';
export { SEARCH, SEARCH_GROUPS } from './endpoints/search.js';
