import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { AppServices } from '../../app-context.js';
import { createTestDatabase, LogCapture, testConfig, TEST_DIALECT, type TestDatabase } from '../helpers.js';
import { startSmtpSink, type SmtpSink } from '../smtp-sink.js';

/**
 * Two instances of the server on one database and one Redis, as behind a load balancer (issue 20): each leased job
 * runs on one instance at a time, mail queued once is sent once, and the limits count hits on either instance
 * together. The instances run their jobs as in production (NODE_ENV=development: every job starts on ready).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The work of every leased job, by lease name: the service method its job calls each run. */
const LEASED: Record<string, [keyof AppServices, string]> = {
  subscriptions: ['subscriptionJobs', 'tick'],
  nodes: ['nodes', 'markSilentOffline'],
  tickets: ['tickets', 'cleanup'],
  'announcement-mail': ['announcementMailing', 'run'],
  'segment-mail': ['segmentMailing', 'run'],
};
/** The shortest interval among them (announcement and segment mail, 15 s): a second run comes this soon. */
const SHORT_JOBS = ['announcement-mail', 'segment-mail'];

describe(`two instances on one database and one Redis (${TEST_DIALECT})`, () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  const apps: FastifyInstance[] = [];
  /** Runs of each job on each instance, with their times. */
  const runs = new Map<string, { app: number; at: number }[]>();
  let startedAt = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startSmtpSink();
    const env = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      REDIS_URL,
      REDIS_PREFIX: `two-${randomBytes(4).toString('hex')}:`,
      RATE_LIMIT_MAX: '6',
      SMTP_URL: sink.url,
    };
    for (let i = 0; i < 2; i++) {
      const app = await buildApp(testConfig(env), { database: database.handle, logStream: new LogCapture() });
      // Count each run of each job's work on this instance (the real work still runs).
      for (const [job, [service, method]] of Object.entries(LEASED)) {
        const target = app.ctx.services[service] as unknown as Record<
          string,
          (...args: unknown[]) => unknown
        >;
        const original = target[method]!.bind(target);
        target[method] = (...args: unknown[]) => {
          runs.set(job, [...(runs.get(job) ?? []), { app: i, at: Date.now() }]);
          return original(...args);
        };
      }
      apps.push(app);
    }
    startedAt = Date.now();
    await Promise.all(apps.map((app) => app.ready()));
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
    await sink?.close();
  });

  it('runs each leased job on one instance: once at start, then again only on the holder', async () => {
    const deadline = Date.now() + 40_000;
    const done = () =>
      Object.keys(LEASED).every((job) => (runs.get(job)?.length ?? 0) >= 1) &&
      SHORT_JOBS.every((job) => (runs.get(job)?.length ?? 0) >= 2);
    while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // A little longer: a run the other instance should not have made would show now.
    await new Promise((r) => setTimeout(r, 1000));
    const elapsed = Date.now() - startedAt;

    const leases = await database.handle.db.selectFrom('job_leases').select(['name', 'holder']).execute();
    for (const job of Object.keys(LEASED)) {
      const list = runs.get(job) ?? [];
      expect(list.length, `${job} ran`).toBeGreaterThanOrEqual(1);
      // Every run on one instance (the holder renews its lease each run), never one per instance.
      expect(new Set(list.map((r) => r.app)).size, `${job} ran on both instances`).toBe(1);
      expect(
        leases.filter((l) => l.name === job),
        `${job}'s lease`,
      ).toHaveLength(1);
    }
    for (const job of SHORT_JOBS) {
      // At most one run per interval since the start, on one instance: two instances running it would double it.
      expect(runs.get(job)!.length).toBeLessThanOrEqual(Math.floor(elapsed / 15_000) + 1);
    }
    for (const job of Object.keys(LEASED).filter((j) => !SHORT_JOBS.includes(j)))
      expect(runs.get(job), job).toHaveLength(1);
  }, 60_000);

  it('sends mail queued once exactly once while both instances deliver at the same moment', async () => {
    const tag = randomBytes(4).toString('hex');
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const count = 20;
    for (let i = 0; i < count; i++)
      await a.ctx.mailer.enqueue(database.handle.db, `two-${tag}-${i}@example.com`, 'test', {
        subject: `two instances ${tag} ${i}`,
        text: 'x',
        html: '<p>x</p>',
      });
    const delivered = await Promise.all([
      a.ctx.mailer.deliverDue(),
      b.ctx.mailer.deliverDue(),
      a.ctx.mailer.deliverDue(),
      b.ctx.mailer.deliverDue(),
    ]);
    expect(delivered.reduce((x, y) => x + y, 0)).toBe(count);
    await sink.waitFor((m) => m.subject === `two instances ${tag} ${count - 1}`);
    await new Promise((r) => setTimeout(r, 500));
    const received = sink.mails.filter((m) => m.subject.startsWith(`two instances ${tag} `));
    expect(received).toHaveLength(count);
    expect(new Set(received.map((m) => m.subject)).size).toBe(count);
  });

  it('counts the rate limit and the account limits over both instances together', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const statuses: number[] = [];
    for (const app of [a, b, a, b, a, b, a, b])
      statuses.push(
        (await app.inject({ url: '/api/v1/portal/health', remoteAddress: '10.77.0.1' })).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);

    // The per-account / per-address counters (login failures, reset mails, code guesses) live in the same store.
    const key = `two-instances:${randomBytes(4).toString('hex')}`;
    const hits = [];
    for (const app of [a, b, a, b]) hits.push((await app.ctx.limiter.hit(key, 3, 60_000)).allowed);
    expect(hits).toEqual([true, true, true, false]);
    expect(await b.ctx.limiter.peek(key)).toBe(4);
    expect(await a.ctx.limiter.peek(key)).toBe(4);
  });
});
