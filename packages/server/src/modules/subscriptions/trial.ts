import type { Locale, TrialOffer } from '@portal/contract';
import { packageAdminApi, type TrialSettings, type TrialSettingsInput } from '@portal/contract/admin';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { getMeta, setMeta } from '../../lib/meta-repository.js';
import type { StaffActor } from '../../lib/staff-actor.js';
import { recordAudit } from '../audit/audit-log.js';
import { packageText } from './mapping.js';
import * as repo from './repository.js';
import { newSubscription } from './grants.js';

/** The app_meta key of the trial the operator set (JSON: `TrialSettingsInput` and `updated_at`). */
export const TRIAL_SETTINGS_KEY = 'trial_settings';

const OFF: TrialSettingsInput = { enabled: false, package_id: null, days: 3 };

type Stored = TrialSettingsInput & { updated_at: string | null };

/** The trial's package id when a trial is on (PackageAdmin refuses to delete that package). */
export async function trialPackageId(db: Db): Promise<number | null> {
  const s = await readSettings(db);
  return s.enabled ? s.package_id : null;
}

async function readSettings(db: Db): Promise<Stored> {
  const raw = await getMeta(db, TRIAL_SETTINGS_KEY);
  if (!raw) return { ...OFF, updated_at: null };
  try {
    const stored = JSON.parse(raw) as { settings?: unknown; updated_at?: string };
    const parsed = packageAdminApi.trialSettingsInput.safeParse(stored.settings);
    if (parsed.success) return { ...parsed.data, updated_at: stored.updated_at ?? null };
  } catch {
    // unreadable: no trial
  }
  return { ...OFF, updated_at: null };
}

/**
 * The trial (issue 17 §5, product rules §4.3 "Trial"): an operator's setting, off by default, naming a package (on
 * sale or hidden) and a number of days. An account receives it once, in the transaction that verifies its address
 * (the link, a password reset mail, staff or the CLI marking it verified, or a third-party sign-in vouching for it),
 * and only when it never held a subscription. `trial_grants` (primary key user_id) holds the "once".
 */
export class TrialService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async settings(db: Db = this.db): Promise<TrialSettings> {
    const s = await readSettings(db);
    return { ...s, granted: await repo.countTrialGrants(db) };
  }

  async save(actor: StaffActor, input: TrialSettingsInput): Promise<TrialSettings> {
    if (input.enabled && input.package_id === null)
      throw new AppError('TRIAL_PACKAGE_REQUIRED', { field: 'package_id' });
    return this.db.transaction().execute(async (trx) => {
      if (input.package_id !== null && !(await repo.findPackage(trx, input.package_id)))
        throw new AppError('PACKAGE_NOT_FOUND', { field: 'package_id' });
      const before = await readSettings(trx);
      const updatedAt = new Date().toISOString();
      await setMeta(trx, TRIAL_SETTINGS_KEY, JSON.stringify({ settings: input, updated_at: updatedAt }));
      await recordAudit(trx, actor, {
        action: 'settings.trial.update',
        targetType: 'settings',
        targetId: 'trial',
        before: { enabled: before.enabled, package_id: before.package_id, days: before.days },
        after: { enabled: input.enabled, package_id: input.package_id, days: input.days },
      });
      return this.settings(trx);
    });
  }

  /** What the register success step promises (null: no trial). */
  async offer(locale: Locale): Promise<TrialOffer> {
    const s = await readSettings(this.db);
    if (!s.enabled || s.package_id === null) return null;
    const p = await repo.findPackage(this.db, s.package_id);
    if (!p) return null;
    return { package_id: p.id, package_name: packageText(p, locale).name, days: s.days };
  }

  /**
   * Called in the transaction that turns an account verified. Gives the trial when one is on, the account never
   * held a subscription and never had a trial; the claim in `trial_grants` comes first, so of two racing
   * verifications one writes a subscription and the other nothing. Returns the new subscription's id, or null.
   */
  async grantOnVerified(db: Db, userId: number, now = new Date()): Promise<number | null> {
    const s = await readSettings(db);
    if (!s.enabled || s.package_id === null) return null;
    if ((await repo.hasTrialGrant(db, userId)) || (await repo.hasAnySubscription(db, userId))) return null;
    const p = await repo.findPackage(db, s.package_id);
    if (!p) {
      this.log.warn({ packageId: s.package_id }, 'the trial package no longer exists; no trial given');
      return null;
    }
    if (!(await repo.claimTrialGrant(db, { user_id: userId, package_id: p.id, days: s.days }))) return null;
    const sub = await repo.insertSubscription(db, newSubscription(userId, p, s.days, now));
    await repo.setTrialSubscription(db, userId, sub.id);
    return sub.id;
  }
}
