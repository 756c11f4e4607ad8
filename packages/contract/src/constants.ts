/** Business constants and limits of product rules §9 (and its Decision notes on the gaps). */
export const APP_VERSION = '1.7.1';
export const API_PREFIX = '/api/v1/portal';
/** The staff API (same envelope; each endpoint needs a staff permission). */
export const ADMIN_API_PREFIX = '/api/v1/admin';

/** The interface language, mirrored into a cookie so the server can send the landing page prerendered in it. */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  theme: 'theme',
  language: 'language',
  popupsDismissed: 'dismissed_popups',
  welcomeShown: 'welcome_shown',
  firstLogin: 'first_login',
} as const;

export const TOAST = {
  successMs: 2000,
  errorMs: 4000,
  otherMs: 4000,
  max: 20,
  position: 'top-right',
} as const;

export const REDIRECT_DELAY = {
  forcedSignOutMs: 800,
  afterLoginMs: 500,
  afterLogoutMs: 500,
  afterOAuthMs: 500,
} as const;

const MINUTE = 60_000;
export const QUERY = {
  gcTimeMs: 5 * MINUTE,
  retries: 3,
  retryBaseDelayMs: 1000,
  retryMaxDelayMs: 30_000,
  page: { retries: 1, staleTimeMs: 5 * MINUTE },
  announcements: {
    listStaleMs: 2 * MINUTE,
    listGcMs: 5 * MINUTE,
    detailStaleMs: 5 * MINUTE,
    unreadCountStaleMs: 30_000,
    popupPageSize: 10,
  },
  oauthAccountsStaleMs: 5 * MINUTE,
} as const;

export const LIMITS = {
  loginPasswordMin: 6,
  registerPasswordMin: 8,
  resetPasswordMin: 8,
  resetPasswordMax: 128,
  changePasswordMin: 8,
  passwordMax: 128,
  nicknameRegisterMax: 20,
  nicknameProfileMax: 30,
  ticketTitleMin: 5,
  ticketTitleMax: 200,
  ticketAttachmentsMax: 5,
  ticketAttachmentMaxMb: 10,
  codeBatchMin: 1,
  codeBatchMax: 100,
  rechargeCodeLength: 70,
  emailMax: 254,
} as const;

/** Recharge codes: fixed prefix, then characters of an alphabet without look-alikes (0/O, 1/I/L). */
export const RECHARGE_CODE_PREFIX = 'RC-';
export const RECHARGE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const USDT = {
  paymentWindowMinutes: 15,
  networks: ['TRC20', 'ERC20', 'BEP20'] as const,
  arrivalMinutes: { min: 5, max: 30 },
} as const;

/** Nodes: an agent that has not called the node API for this long is shown offline; the node centre polls. */
export const NODES = {
  offlineAfterMs: 5 * 60_000,
  statusPollMs: 30_000,
  /** What agents are told: pull the user list and push traffic this often (seconds). */
  agentPullSeconds: 60,
  agentPushSeconds: 60,
} as const;

export const ANNOUNCEMENT_PAGE_SIZE = 20;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const LAYOUT = {
  sidebarExpanded: 280,
  sidebarCollapsed: 80,
  mobileBreakpointPx: 768,
  navbarOpaqueScrollPx: 20,
  hoverMenuCloseDelayMs: 150,
  bannerHideDelayMs: 300,
  bellMaxCount: 99,
} as const;

export const REFUND_DAYS = 7;
export const CURRENCY_SYMBOL = '¥';
export const LEGAL_VERSION = 'v1.0';
export const LEGAL_EFFECTIVE_DATE = '2025-01-01';
/**
 * The routes of the two legal documents (product rules §2); the build prerenders both and the server sends them by
 * path.
 */
export const LEGAL_PATHS = { terms: '/terms-of-service', privacy: '/privacy-policy' } as const;
export type LegalDocumentKind = keyof typeof LEGAL_PATHS;

/** A page path as the web router matches it: no trailing slash, any case. */
export function normalizePagePath(pathname: string): string {
  return (pathname.replace(/\/+$/, '') || '/').toLowerCase();
}
export const SOURCE_REPOSITORY_URL = 'https://github.com/proxy-portal/portal';

// The constants the input schemas of validation.ts need (their endpoints' modules export them too).

// ---- tickets ----

export const TICKET_CATEGORIES = ['technical', 'billing', 'account', 'other'] as const;

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

export const TICKETS = {
  /** Bytes per attachment (LIMITS.ticketAttachmentMaxMb). */
  attachmentMaxBytes: LIMITS.ticketAttachmentMaxMb * 1024 * 1024,
  /** Attachments per message: the opening of a ticket or one reply. */
  attachmentsPerMessage: LIMITS.ticketAttachmentsMax,
  descriptionMax: 10_000,
  replyMax: 10_000,
  /** The multipart field that carries the file of an upload. */
  uploadField: 'file',
  /** What the file picker offers; the server decides by content, not by these. */
  accept:
    '.jpg,.jpeg,.png,.gif,.pdf,.doc,.docx,.txt,.log,.md,.csv,image/jpeg,image/png,image/gif,application/pdf',
  /** The ticket page asks for new replies this often while it is visible. */
  pollMs: 15_000,
} as const;

// ---- help ----

export const HELP_LIMITS = {
  searchMax: 100,
  feedbackMax: 500,
  ratingMin: 1,
  ratingMax: 5,
  /** Related documents shown under a document. */
  relatedMax: 5,
  slugMax: 64,
  categoryNameMax: 50,
  titleMax: 200,
  summaryMax: 500,
  contentMax: 100_000,
  /** Milliseconds the search box waits after the last keystroke before it searches. */
  searchDebounceMs: 300,
} as const;

// ---- recharge codes ----

/** The largest face value of one recharge code. */
export const MAX_CODE_AMOUNT = '10000.00';

// ---- nodes ----

export const NODE_PROTOCOLS = ['vmess', 'vless', 'trojan', 'shadowsocks', 'hysteria2', 'tuic'] as const;
