import type { Migration } from 'kysely';
import * as m0001 from './0001-init.js';
import * as m0002 from './0002-accounts.js';
import * as m0003 from './0003-wallet.js';
import * as m0004 from './0004-subscriptions.js';
import * as m0005 from './0005-nodes.js';
import * as m0006 from './0006-tickets.js';
import * as m0007 from './0007-announcements.js';
import * as m0008 from './0008-help.js';
import * as m0009 from './0009-node-translations.js';
import * as m0010 from './0010-staff.js';
import * as m0011 from './0011-two-factor.js';
import * as m0012 from './0012-node-groups.js';
import * as m0013 from './0013-money-console.js';
import * as m0014 from './0014-package-console.js';
import * as m0015 from './0015-trial-grants.js';
import * as m0016 from './0016-segment-mailings.js';
import * as m0017 from './0017-list-indexes.js';
import * as m0018 from './0018-overview-indexes.js';
import * as m0019 from './0019-list-sorts.js';
import * as m0020 from './0020-push-receipts.js';
import * as m0021 from './0021-quic-nodes.js';
import * as m0022 from './0022-device-counting.js';
import * as m0023 from './0023-region-keys.js';
import * as m0024 from './0024-user-list-version.js';
import * as m0025 from './0025-customer-list-orderings.js';
import * as m0028 from './0028-user-list-changes.js';
import * as m0029 from './0029-push-fillfactor.js';
import * as m0030 from './0030-email-normal-form.js';
import * as m0031 from './0031-link-index-changes.js';

/** Every migration, in order. One set for SQLite and PostgreSQL; bundled with the server (no files read at run time). */
export const migrations: Record<string, Migration> = {
  '0001-init': m0001,
  '0002-accounts': m0002,
  '0003-wallet': m0003,
  '0004-subscriptions': m0004,
  '0005-nodes': m0005,
  '0006-tickets': m0006,
  '0007-announcements': m0007,
  '0008-help': m0008,
  '0009-node-translations': m0009,
  '0010-staff': m0010,
  '0011-two-factor': m0011,
  '0012-node-groups': m0012,
  '0013-money-console': m0013,
  '0014-package-console': m0014,
  '0015-trial-grants': m0015,
  '0016-segment-mailings': m0016,
  '0017-list-indexes': m0017,
  '0018-overview-indexes': m0018,
  '0019-list-sorts': m0019,
  '0020-push-receipts': m0020,
  '0021-quic-nodes': m0021,
  '0022-device-counting': m0022,
  '0023-region-keys': m0023,
  '0024-user-list-version': m0024,
  '0025-customer-list-orderings': m0025,
  '0028-user-list-changes': m0028,
  '0029-push-fillfactor': m0029,
  '0030-email-normal-form': m0030,
  '0031-link-index-changes': m0031,
};
