import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { LeasedInterval } from './leased-interval.js';

/** Background work a module runs while the app is up: started on ready, stopped on close. */
export interface ScheduledJob {
  start(): void;
  stop(): Promise<void> | void;
  /** Also started under NODE_ENV=test (tests otherwise drive the work themselves). */
  runsInTests?: boolean;
}

/** A LeasedInterval as a ScheduledJob: `work` every `intervalMs` on the one instance holding the lease `name`. */
export function leasedJob(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  name: string,
  intervalMs: number,
  work: () => Promise<void>,
): ScheduledJob {
  const interval = new LeasedInterval(db, name, work, log);
  return { start: () => interval.start(intervalMs), stop: () => interval.stop() };
}
