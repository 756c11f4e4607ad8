import { randomUUID } from 'node:crypto';
import { getMeta, setMeta } from '../../lib/meta-repository.js';
import type { Db } from '../../db/types.js';

/**
 * The version of what subscription delivery reads about nodes (`deliverableNodes`: which nodes, their settings,
 * visibility, offline or not, node groups, the groups each package reaches). Every write that changes one of
 * them stores a new random value in `app_meta` (in the write's transaction when it has one), so every instance
 * sharing the database sees the change; delivery keeps its rendered catalogue until the value changes.
 */
export const CATALOGUE_VERSION_KEY = 'node_catalogue_version';

/** Writes made by this process: a reader that sees the count move re-reads the version at once. */
let localChanges = 0;

export async function catalogueChanged(db: Db): Promise<void> {
  await setMeta(db, CATALOGUE_VERSION_KEY, randomUUID());
  localChanges += 1;
}

/**
 * Reads the shared version at most once per `ttlMs` (one primary-key lookup), so another instance's change shows
 * within about that time. After a change made in this process it re-reads on every call until the stored value
 * differs from the one seen before (the write's transaction may not have committed yet), for at most 10 s (a
 * rolled-back write never changes it).
 */
export class CatalogueVersion {
  private value: string | null = null;
  private readAt = Number.NEGATIVE_INFINITY;
  private seenLocal = localChanges;
  private eagerUntil = 0;
  private eagerFrom: string | null = null;
  private reading: Promise<string> | null = null;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 1000,
  ) {}

  current(): string | Promise<string> {
    const now = Date.now();
    if (this.seenLocal !== localChanges) {
      this.seenLocal = localChanges;
      this.eagerFrom = this.value;
      this.eagerUntil = now + 10_000;
    }
    if (this.value !== null && now >= this.eagerUntil && now - this.readAt < this.ttlMs) return this.value;
    // Callers arriving while a read is out share it.
    this.reading ??= this.read(now).finally(() => (this.reading = null));
    return this.reading;
  }

  private async read(startedAt: number): Promise<string> {
    const value = (await getMeta(this.db, CATALOGUE_VERSION_KEY)) ?? '';
    this.readAt = startedAt;
    if (value !== this.eagerFrom) this.eagerUntil = 0;
    this.value = value;
    return value;
  }
}
