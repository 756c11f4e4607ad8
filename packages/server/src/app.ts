import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { ADMIN_API_PREFIX, API_PREFIX } from '@portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAppContext, type ModuleFactory } from './app-context.js';
import type { AppConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { AppError } from './lib/app-error.js';
import { isLeanRoute, leanRoutesUnlogged, registerLeanRoutes } from './lib/lean-route.js';
import { registerLocale } from './lib/locale.js';
import { memoryRateLimiter, redisRateLimiter } from './lib/rate-limiter.js';
import { openRedis } from './lib/redis.js';
import { resolveSecret } from './lib/secrets.js';
import { announcementsModule } from './modules/announcements/index.js';
import { auditModule } from './modules/audit/index.js';
import { staffModule } from './modules/staff/index.js';
import { authModule } from './modules/auth/index.js';
import { restrictedAreas, type RestrictedPrefix } from './modules/auth/restricted-areas.js';
import { dashboardModule } from './modules/dashboard/index.js';
import { deliveryModule } from './modules/delivery/index.js';
import { healthModule } from './modules/health/index.js';
import { helpModule } from './modules/help/index.js';
import { mailModule } from './modules/mail/index.js';
import { nodesModule } from './modules/nodes/index.js';
import { oauthModule } from './modules/oauth/index.js';
import { rechargeModule } from './modules/recharge/index.js';
import { moneyModule } from './modules/money/index.js';
import { overviewModule } from './modules/overview/index.js';
import { searchModule } from './modules/search/index.js';
import { siteModule } from './modules/site/index.js';
import { subscriptionsModule } from './modules/subscriptions/index.js';
import { ticketsModule } from './modules/tickets/index.js';
import { usersModule } from './modules/users/index.js';
import { walletModule } from './modules/wallet/index.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { assertStaffOnly } from './lib/route.js';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/error-handler.js';
import { registerSecurity } from './plugins/security.js';
import { registerWebApp } from './plugins/web-app.js';
import { seedDemoCatalogue } from './seed/demo-seed.js';

/** Every module, in the order its routes are registered. */
const MODULES: readonly ModuleFactory[] = [
  healthModule,
  authModule,
  usersModule,
  oauthModule,
  walletModule,
  subscriptionsModule,
  nodesModule,
  ticketsModule,
  announcementsModule,
  helpModule,
  siteModule,
  auditModule,
  staffModule,
  dashboardModule,
  searchModule,
  rechargeModule,
  moneyModule,
  overviewModule,
  deliveryModule,
  mailModule,
];

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise DATABASE_URL is opened and closed with the app. */
  database?: DatabaseHandle;
  /** Where logs go instead of stdout (tests read them). */
  logStream?: DestinationStream;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A configured Fastify instance with nothing listening: migrations run, secrets resolved, demo data seeded. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(config.logPretty && !options.logStream ? { transport: { target: 'pino-pretty' } } : {}),
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    logController: leanRoutesUnlogged(),
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError(config.publicUrl),
    clientErrorHandler: answerClientError(config.publicUrl),
    // Some paths were first written with a trailing slash (/help/documents/); both forms reach the same route.
    routerOptions: { ignoreTrailingSlash: true },
  });

  const database =
    options.database ??
    openDatabase(config.databaseUrl, {
      onIdleError: (err) => app.log.warn({ err }, 'idle database connection failed'),
    });
  if (!options.database) app.addHook('onClose', () => database.close());

  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
    if (config.seedDemo && (await seedDemoCatalogue(database.db))) app.log.info('demo catalogue seeded');
  } catch (err) {
    await app.close();
    throw err;
  }
  const secrets = { jwt: await resolveSecret(database.db, 'jwt', config.jwtSecret) };
  const redis = config.redis ? openRedis(config.redis.url) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const limiter = redis && config.redis ? redisRateLimiter(redis, config.redis.prefix) : memoryRateLimiter();
  const ctx = createAppContext({ config, database, redis, secrets, limiter, log: app.log });
  app.decorate('ctx', ctx);
  const modules = MODULES.map((factory) => factory(ctx));
  const jobs = modules.flatMap((m) => m.jobs ?? []);
  app.addHook('onReady', async () => {
    for (const job of jobs) if (config.env !== 'test' || job.runsInTests) job.start();
  });
  app.addHook('onClose', async () => {
    for (const job of jobs) await job.stop();
    await ctx.close();
  });
  app.decorateRequest('auth', null);
  registerLeanRoutes(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerLocale(app);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isLeanRoute(request)) reply.header('x-request-id', request.id);
    done(null, payload);
  });
  registerErrorHandling(app);
  await registerSecurity(app, config.publicUrl);
  await registerApiDocs(app, config.publicUrl);

  // The same limit in the portal and staff scopes, each counted under its own name.
  const rateLimitOptions = (name: string) => ({
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    ...(redis && config.redis ? { redis, nameSpace: `${config.redis.prefix}${name}` } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMIT'),
  });
  await app.register(
    async (api) => {
      await api.register(rateLimit, rateLimitOptions('rate-limit:'));
      for (const m of modules) m.routes?.(api);
      const restricted: Partial<Record<RestrictedPrefix, (scope: FastifyInstance) => void>> = {};
      for (const m of modules) Object.assign(restricted, m.restricted);
      restrictedAreas(api, restricted);
    },
    { prefix: API_PREFIX },
  );

  // The staff API: same envelope and rate limit; every endpoint in it is admin-only (40002 for others).
  await app.register(
    async (admin) => {
      await admin.register(rateLimit, rateLimitOptions('rate-limit-admin:'));
      admin.addHook('onRoute', assertStaffOnly);
      for (const m of modules) m.adminRoutes?.(admin);
    },
    { prefix: ADMIN_API_PREFIX },
  );
  for (const m of modules) m.rootRoutes?.(app);
  await registerWebApp(app, config.webDist, config.adminPath);
  return app;
}
