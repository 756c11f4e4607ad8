import type { Kysely, Transaction } from 'kysely';
import type { AnnouncementTables } from './tables/announcements.js';
import type { AuditTables } from './tables/audit.js';
import type { AuthTables } from './tables/auth.js';
import type { HelpTables } from './tables/help.js';
import type { MailTables } from './tables/mail.js';
import type { MetaTables } from './tables/meta.js';
import type { NodeTables } from './tables/nodes.js';
import type { OAuthTables } from './tables/oauth.js';
import type { RechargeTables } from './tables/recharge.js';
import type { SubscriptionTables } from './tables/subscriptions.js';
import type { TicketTables } from './tables/tickets.js';
import type { WalletTables } from './tables/wallet.js';

export type * from './tables/announcements.js';
export type * from './tables/audit.js';
export type * from './tables/auth.js';
export type * from './tables/help.js';
export type * from './tables/mail.js';
export type * from './tables/meta.js';
export type * from './tables/nodes.js';
export type * from './tables/oauth.js';
export type * from './tables/recharge.js';
export type * from './tables/subscriptions.js';
export type * from './tables/tickets.js';
export type * from './tables/wallet.js';

/** Every table, gathered from the per-feature files under tables/. */
export interface Database
  extends
    MetaTables,
    AuthTables,
    OAuthTables,
    MailTables,
    WalletTables,
    RechargeTables,
    SubscriptionTables,
    NodeTables,
    TicketTables,
    AnnouncementTables,
    HelpTables,
    AuditTables {}

/** The database or a transaction: what every repository function takes. */
export type Db = Kysely<Database> | Transaction<Database>;
