import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/connection.js';
import type { ScheduledJob } from './jobs/scheduled-job.js';
import type { RateLimiter } from './lib/rate-limiter.js';
import { AnnouncementMailing } from './modules/announcements/mailing.js';
import { AnnouncementService } from './modules/announcements/service.js';
import { AccessTokens } from './modules/auth/access-token.js';
import { AccountAdmin } from './modules/auth/account-admin.js';
import { SegmentMailing } from './modules/auth/segment-mailing.js';
import { AuthService } from './modules/auth/auth-service.js';
import { TwoFactorService } from './modules/auth/two-factor-service.js';
import { SecretBox } from './lib/secret-box.js';
import type { RestrictedPrefix } from './modules/auth/restricted-areas.js';
import { DashboardService } from './modules/dashboard/service.js';
import { HelpAdminService } from './modules/help/help-admin-service.js';
import { HelpService } from './modules/help/help-service.js';
import { Mailer } from './modules/mail/mailer.js';
import { AgentService } from './modules/nodes/agent-service.js';
import { AgentSettingsService } from './modules/nodes/agent-settings-service.js';
import { NodeAdminService } from './modules/nodes/admin-service.js';
import { NodeService } from './modules/nodes/node-service.js';
import { OAuthService } from './modules/oauth/oauth-service.js';
import { ChainWatcher, sourceFor } from './modules/recharge/chain-watcher.js';
import { CodeService } from './modules/recharge/code-service.js';
import { CodeBatches } from './modules/recharge/code-batches.js';
import { TransferDesk } from './modules/recharge/transfer-desk.js';
import { MoneyQueries } from './modules/money/money-service.js';
import { OverviewService } from './modules/overview/service.js';
import { RefundService } from './modules/subscriptions/refunds.js';
import { TopupQueries } from './modules/recharge/topups.js';
import { UsdtService } from './modules/recharge/usdt-service.js';
import { UsdtSettings } from './modules/recharge/usdt-settings.js';
import { SearchService } from './modules/search/service.js';
import { SiteContent } from './modules/site/site-content.js';
import { AuditService } from './modules/audit/audit-service.js';
import { StaffService } from './modules/staff/staff-service.js';
import { PackageAdmin } from './modules/subscriptions/package-admin.js';
import { SubscriptionJobs } from './modules/subscriptions/subscription-jobs.js';
import { AutoRenewSettings } from './modules/subscriptions/auto-renew.js';
import type { SubscriptionServices } from './modules/subscriptions/routes.js';
import { LinkIndex } from './modules/subscriptions/link-index.js';
import { watchListVersion } from './lib/list-version-watch.js';
import { SubscriptionLinks } from './modules/subscriptions/subscription-link.js';
import { SubscriptionPayments } from './modules/subscriptions/subscription-payments.js';
import { SubscriptionQueries } from './modules/subscriptions/subscription-queries.js';
import { SubscriptionGrants } from './modules/subscriptions/grants.js';
import { TrialService } from './modules/subscriptions/trial.js';
import { AttachmentLinks } from './modules/tickets/attachment-links.js';
import { LocalDiskStore } from './modules/tickets/attachment-store.js';
import { TicketService } from './modules/tickets/ticket-service.js';
import { WalletService } from './modules/wallet/wallet-service.js';

/** What every module is built from: configuration and the shared infrastructure of one app. */
export interface AppBase {
  config: AppConfig;
  database: DatabaseHandle;
  /** Shared state for several instances (rate limits, short caches); null: in-process. */
  redis: Redis | null;
  secrets: { jwt: string };
  limiter: RateLimiter;
  log: FastifyBaseLogger;
}

/**
 * Every service of the app, each built once; a module uses another module's behaviour through these, or through a
 * shared rule it exports for that purpose (the ledger's `changeBalance`, `subscriptions/servable.ts`), never through
 * its repository.
 */
export interface AppServices {
  wallet: WalletService;
  auth: AuthService;
  twoFactor: TwoFactorService;
  oauth: OAuthService;
  codes: CodeService;
  usdt: UsdtService;
  topups: TopupQueries;
  watcher: ChainWatcher;
  subscriptions: SubscriptionServices;
  subscriptionJobs: SubscriptionJobs;
  nodes: NodeService;
  agents: AgentService;
  nodeAdmin: NodeAdminService;
  /** The operators' settings for every node's agent (rules, the device-counting minimum) */
  agentSettings: AgentSettingsService;
  tickets: TicketService;
  announcements: AnnouncementService;
  announcementMailing: AnnouncementMailing;
  help: HelpService;
  helpAdmin: HelpAdminService;
  site: SiteContent;
  audit: AuditService;
  staff: StaffService;
  accounts: AccountAdmin;
  segmentMailing: SegmentMailing;
  search: SearchService;
  dashboard: DashboardService;
  money: MoneyQueries;
  overview: OverviewService;
  transfers: TransferDesk;
  refunds: RefundService;
  usdtSettings: UsdtSettings;
  codeBatches: CodeBatches;
}

export interface AppContext extends AppBase {
  /** The outbox every module queues mail in. */
  mailer: Mailer;
  services: AppServices;
  /** Ends what the services keep open (the link index, the version watch's connection); the app calls it on close. */
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** What a module adds to the app; buildApp registers each part in its place. */
export interface AppModule {
  /** Under the portal API prefix. */
  routes?(api: FastifyInstance): void;
  /** Under the admin API prefix (staff only). */
  adminRoutes?(admin: FastifyInstance): void;
  /** Inside the scopes that need a verified email address. */
  restricted?: Partial<Record<RestrictedPrefix, (scope: FastifyInstance) => void>>;
  /** At the root, outside the API envelope (subscription links, the node agents' API). */
  rootRoutes?(app: FastifyInstance): void;
  jobs?: ScheduledJob[];
}

/** Each module's index.ts exports one of these. */
export type ModuleFactory = (ctx: AppContext) => AppModule;

/** The one place services are constructed. */
export function createAppContext(base: AppBase): AppContext {
  const { config, database, limiter, log, secrets } = base;
  const db = database.db;
  const site = { siteName: config.siteName, publicUrl: config.publicUrl };
  const mailer = new Mailer(db, config.mail, log);
  const twoFactor = new TwoFactorService({
    db,
    box: new SecretBox(secrets.jwt, 'two-factor-secret'),
    limiter,
    issuer: config.siteName,
  });
  const trial = new TrialService(db, log);
  const auth = new AuthService({
    db,
    config,
    tokens: new AccessTokens(secrets.jwt, config.auth.accessTtlSeconds),
    mailer,
    limiter,
    log,
    twoFactor,
    // An account that becomes verified receives the trial, once, in the same transaction.
    onVerified: async (trx, userId) => void (await trial.grantOnVerified(trx, userId)),
  });
  const queries = new SubscriptionQueries(db);
  const nodeAdmin = new NodeAdminService(db, config.publicUrl);
  // What is kept in memory from the user lists' change log follows one version watch (lib/list-version-watch.ts):
  // the links /sub serves (subscriptions/link-index.ts) and the agents' nodes (nodes/agent-nodes.ts). Each asks the
  // database when the watch cannot say.
  const listVersion = watchListVersion(database, (err) =>
    log.warn({ err }, 'user list version watch lost: the database answers meanwhile'),
  );
  const linkIndex = new LinkIndex(db, listVersion, (err) =>
    log.warn({ err }, 'subscription link index: falling back to the database'),
  );
  const links = new SubscriptionLinks(db, config.publicUrl, linkIndex);
  const subscriptions: SubscriptionServices = {
    queries,
    payments: new SubscriptionPayments(db, queries),
    links,
    autoRenew: new AutoRenewSettings(db),
    packageAdmin: new PackageAdmin(db, database.dialect, nodeAdmin),
    grants: new SubscriptionGrants(db, queries, links),
    trial,
  };
  const help = new HelpService(db, database.dialect);
  const usdtSettings = new UsdtSettings(db, config);
  const usdt = new UsdtService(db, config, log, usdtSettings);
  const currentRate = async () => (await usdt.exchangeRate()).usdt_cny;
  const wallet = new WalletService(db);
  const oauth = new OAuthService(db, config, auth);
  const nodes = new NodeService(db);
  return {
    ...base,
    mailer,
    services: {
      wallet,
      auth,
      oauth,
      twoFactor,
      codes: new CodeService(db, limiter),
      usdt,
      topups: new TopupQueries(db, usdt.confirmationsFor),
      watcher: new ChainWatcher(db, config.usdt.chains.map(sourceFor), log, usdtSettings),
      subscriptions,
      subscriptionJobs: new SubscriptionJobs(db, subscriptions.payments, mailer, site, log),
      nodes,
      agents: new AgentService(db, listVersion),
      nodeAdmin,
      agentSettings: new AgentSettingsService(db),
      tickets: new TicketService({
        db,
        store: new LocalDiskStore(path.join(config.dataDir, 'attachments')),
        links: new AttachmentLinks(secrets.jwt),
        mailer,
        ...site,
        log,
      }),
      announcements: new AnnouncementService(db),
      announcementMailing: new AnnouncementMailing(db, mailer, site, log),
      help,
      helpAdmin: new HelpAdminService(db),
      site: new SiteContent(db, config.supportEmail),
      audit: new AuditService(db),
      staff: new StaffService(db, database.dialect),
      accounts: new AccountAdmin({ db, auth, wallet, subscriptions: queries, oauth, nodes }),
      segmentMailing: new SegmentMailing(db, mailer, site, log),
      search: new SearchService(db, help),
      dashboard: new DashboardService(db),
      money: new MoneyQueries(db, usdt.confirmationsFor, currentRate),
      overview: new OverviewService(db),
      transfers: new TransferDesk(db, currentRate),
      refunds: new RefundService(db),
      usdtSettings,
      codeBatches: new CodeBatches(db),
    },
    async close() {
      await links.close();
      await listVersion.close();
    },
  };
}
