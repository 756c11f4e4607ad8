import type { Db, SubscriptionRow } from '../../db/types.js';
import { userListChanges, userListVersion } from '../../lib/change-log-repository.js';
import type { ListVersionWatch } from '../../lib/list-version-watch.js';
import { nextTurn } from '../../lib/event-loop.js';
import * as repo from './repository.js';

/** What `/sub` reads of a subscription. */
export type LinkSubscription = Pick<
  SubscriptionRow,
  'id' | 'package_id' | 'uuid' | 'status' | 'end_at' | 'traffic_limit' | 'traffic_used' | 'upload_bytes'
>;

/** What a link token opens: the subscription, its owner's language and whether the owner is disabled. */
export interface LinkTarget {
  sub: LinkSubscription;
  locale: string;
  ownerDisabled: boolean;
}

type LinkRow = Awaited<ReturnType<typeof repo.linkRowsOf>>[number];

export function linkTarget(row: LinkRow): LinkTarget {
  const { link_token: _token, user_locale, user_status, ...sub } = row;
  return { sub, locale: user_locale, ownerDisabled: user_status === 'disabled' };
}

/**
 * Ids per query while the index is built or its traffic figures refreshed: on SQLite each query holds the event loop
 * (a few milliseconds for 1,000 ids), which breathes between them.
 */
const CHUNK = 1_000;
/** How old the traffic figures an indexed link shows may grow (the agents report every minute or so). */
export const LINK_TRAFFIC_REFRESH_MS = 30_000;

/**
 * The links `/sub` serves, in memory: token -> subscription fields and owner, for every subscription that may be
 * served (active or suspended). Kept exact by the user lists' change log (migration 0028, with link tokens and
 * languages since 0031): a lookup that finds the database at a newer version first reads again the subscriptions
 * the log names (or rebuilds the index when the log cannot say). Traffic figures alone are refreshed every
 * LINK_TRAFFIC_REFRESH_MS (the log records only a limit being reached). Built on the first lookup; until it is, and
 * whenever the version is unknown, lookups answer `undefined`: ask the database.
 */
export class LinkIndex {
  private byToken = new Map<string, LinkTarget>();
  private tokenOf = new Map<number, string>();
  /** The version the index reflects; null: not built (or dropped for a rebuild). */
  private version: number | null = null;
  /** Building or patching: one at a time, shared by the lookups that wait for it. */
  private work: Promise<void> | null = null;
  /**
   * Subscriptions whose token was replaced here while a build or patch was reading: what it read of them may be the
   * old token, so it is not put back (the replacement's own change brings the new one at the next patch).
   */
  private forgotten = new Set<number>();
  private refresh: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly watch: ListVersionWatch,
    private readonly onError: (err: Error) => void = () => {},
  ) {}

  /** The link `token` opens, from memory; undefined when the index cannot say (not indexed, or not ready). */
  async lookup(token: string): Promise<LinkTarget | undefined> {
    if (this.closed) return undefined;
    const current = await this.watch.current();
    if (current === null) return undefined;
    if (this.version === null) {
      // Built in the background; the database answers meanwhile.
      this.work ??= this.build().finally(() => this.done());
      return undefined;
    }
    if (this.version < current) {
      this.work ??= this.patch(current).finally(() => this.done());
      await this.work;
      if (this.version === null || this.version < current) return undefined;
    }
    return this.byToken.get(token);
  }

  /** The version of the user lists the index reflects (null: not built). */
  get reflects(): number | null {
    return this.version;
  }

  /** A link token was replaced in this process: its old token is not served from memory, from now on. */
  forget(subscriptionId: number): void {
    if (this.work) this.forgotten.add(subscriptionId);
    this.drop(subscriptionId);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.refresh) clearTimeout(this.refresh);
    await this.work?.catch(() => {});
    this.byToken.clear();
    this.tokenOf.clear();
  }

  /** A build or patch ended: what was forgotten meanwhile is the next patch's to read. */
  private done(): void {
    this.work = null;
    this.forgotten.clear();
  }

  private drop(id: number): void {
    const token = this.tokenOf.get(id);
    if (token === undefined) return;
    this.byToken.delete(token);
    this.tokenOf.delete(id);
  }

  private put(row: LinkRow): void {
    if (this.forgotten.has(row.id)) return;
    this.drop(row.id);
    this.byToken.set(row.link_token, linkTarget(row));
    this.tokenOf.set(row.id, row.link_token);
  }

  /** Every indexed link, read in chunks; the version is read first, so what changed meanwhile is read again after. */
  private async build(): Promise<void> {
    try {
      const version = await userListVersion(this.db);
      this.byToken = new Map();
      this.tokenOf = new Map();
      // Read after the version: a subscription added since is in the log, brought by the next patch.
      const last = await repo.lastSubscriptionId(this.db);
      for (let after = 0; !this.closed && after < last; after += CHUNK) {
        for (const row of await repo.linkRowsIn(this.db, after, after + CHUNK)) this.put(row);
        await nextTurn();
      }
      if (this.closed) return;
      this.version = version;
      this.scheduleRefresh();
    } catch (err) {
      this.onError(err as Error);
    }
  }

  /** Brought to `to`: the subscriptions the log names read again; rebuilt when the log cannot say. */
  private async patch(to: number): Promise<void> {
    const from = this.version!;
    try {
      const ids = await userListChanges(this.db, from, to);
      if (ids === null) {
        this.version = null;
        this.byToken.clear();
        this.tokenOf.clear();
        return;
      }
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const rows = await repo.linkRowsOf(this.db, chunk);
        for (const id of chunk) this.drop(id);
        for (const row of rows) this.put(row);
      }
      if (this.version === from) this.version = to;
    } catch (err) {
      // Not trusted until rebuilt.
      this.version = null;
      this.onError(err as Error);
    }
  }

  private scheduleRefresh(): void {
    if (this.closed || this.refresh) return;
    this.refresh = setTimeout(() => {
      this.refresh = null;
      void this.refreshTraffic().finally(() => this.scheduleRefresh());
    }, LINK_TRAFFIC_REFRESH_MS).unref();
  }

  /** The traffic figures of every indexed link read again (chunk by chunk). */
  async refreshTraffic(): Promise<void> {
    try {
      const last = await repo.lastSubscriptionId(this.db);
      for (let after = 0; !this.closed && this.version !== null && after < last; after += CHUNK) {
        for (const row of await repo.linkTrafficIn(this.db, after, after + CHUNK)) {
          const token = this.tokenOf.get(row.id);
          const target = token === undefined ? undefined : this.byToken.get(token);
          if (target) {
            target.sub.traffic_used = row.traffic_used;
            target.sub.upload_bytes = row.upload_bytes;
          }
        }
        await nextTurn();
      }
    } catch (err) {
      this.onError(err as Error);
    }
  }
}
