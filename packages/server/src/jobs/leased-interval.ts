import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { acquireLease } from './lease.js';

/** Runs `work` every interval on whichever instance holds the job's lease; runs never overlap. */
export class LeasedInterval {
  private readonly holder = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly name: string,
    private readonly work: () => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(intervalMs: number): void {
    if (this.timer) return;
    const run = () => {
      this.running ??= (async () => {
        if (await acquireLease(this.db, this.name, this.holder, Math.max(2 * intervalMs, 60_000)))
          await this.work();
      })()
        .catch((err: unknown) => this.log.error({ err, job: this.name }, 'scheduled job failed'))
        .finally(() => {
          this.running = null;
        });
    };
    this.timer = setInterval(run, intervalMs);
    this.timer.unref();
    run();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
