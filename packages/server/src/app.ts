import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { ADMIN_API_PREFIX, API_PREFIX } from '@portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { AppError } from './lib/app-error.js';
import { registerLocale } from './lib/locale.js';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './lib/rate-limiter.js';
import { openRedis } from './lib/redis.js';
import { resolveSecret } from './lib/secrets.js';
import { AccessTokens } from './modules/auth/access-token.js';
import { AuthService } from './modules/auth/auth-service.js';
import { restrictedAreas } from './modules/auth/restricted-areas.js';
import { authRoutes } from './modules/auth/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { Mailer } from './modules/mail/mailer.js';
import { OAuthService } from './modules/oauth/oauth-service.js';
import { oauthRoutes } from './modules/oauth/routes.js';
import { ChainWatcher, sourceFor } from './modules/recharge/chain-watcher.js';
import { CodeService } from './modules/recharge/code-service.js';
import { UsdtService } from './modules/recharge/usdt-service.js';
import { rechargeRoutes } from './modules/recharge/routes.js';
import { walletRoutes } from './modules/wallet/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { deliveryRoutes } from './modules/delivery/routes.js';
import { nodeApiRoutes } from './modules/nodes/node-api.js';
import { NodeService } from './modules/nodes/node-service.js';
import { nodeRoutes } from './modules/nodes/routes.js';
import { adminTicketRoutes, registerTicketJobs, ticketRoutes } from './modules/tickets/routes.js';
import {
  adminAnnouncementRoutes,
  announcementRoutes,
  registerAnnouncementJobs,
} from './modules/announcements/routes.js';
import { adminHelpRoutes, helpRoutes } from './modules/help/routes.js';
import { adminSiteRoutes, siteRoutes } from './modules/site/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { packageRoutes, subscriptionRoutes } from './modules/subscriptions/routes.js';
import { SubscriptionJobs } from './modules/subscriptions/subscription-jobs.js';
import { SubscriptionService } from './modules/subscriptions/subscription-service.js';
import { LeasedInterval } from './jobs/leased-interval.js';
import { userRoutes } from './modules/users/routes.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/error-handler.js';
import { registerSecurity } from './plugins/security.js';
import { registerWebApp } from './plugins/web-app.js';
import { seedDemoCatalogue } from './seed/demo-seed.js';

export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  /** Shared state for several instances (rate limits, short caches); null: in-process. */
  redis: Redis | null;
  secrets: { jwt: string };
  limiter: RateLimiter;
  mailer: Mailer;
  services: {
    auth: AuthService;
    oauth: OAuthService;
    codes: CodeService;
    usdt: UsdtService;
    subscriptions: SubscriptionService;
    nodes: NodeService;
  };
  watcher: ChainWatcher;
  subscriptionJobs: SubscriptionJobs;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

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
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // The spec writes some paths with a trailing slash (/help/documents/); both forms reach the same route.
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
  const mailer = new Mailer(database.db, config.mail, app.log);
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', () => mailer.stop());
  const tokens = new AccessTokens(secrets.jwt, config.auth.accessTtlSeconds);
  const auth = new AuthService({ db: database.db, config, tokens, mailer, limiter, log: app.log });
  const oauth = new OAuthService(database.db, config, auth);
  const codes = new CodeService(database.db, limiter);
  const usdt = new UsdtService(database.db, config, app.log);
  const watcher = new ChainWatcher(database.db, config.usdt.chains.map(sourceFor), app.log);
  if (config.usdt.chains.length > 0 && config.env !== 'test') {
    app.addHook('onReady', async () => watcher.start(config.usdt.pollSeconds * 1000));
  }
  app.addHook('onClose', () => watcher.stop());
  const subscriptions = new SubscriptionService(database.db, config.publicUrl);
  const subscriptionJobs = new SubscriptionJobs(
    database.db,
    subscriptions,
    mailer,
    { siteName: config.siteName, publicUrl: config.publicUrl },
    app.log,
  );
  const jobs = new LeasedInterval(database.db, 'subscriptions', () => subscriptionJobs.tick(), app.log);
  if (config.env !== 'test') app.addHook('onReady', async () => jobs.start(60_000));
  app.addHook('onClose', () => jobs.stop());
  const nodes = new NodeService(database.db);
  const nodeJobs = new LeasedInterval(
    database.db,
    'nodes',
    async () => {
      if (config.seedDemo) await nodes.demoHeartbeat();
      await nodes.markSilentOffline();
      await nodes.probeLatency();
    },
    app.log,
  );
  if (config.env !== 'test') app.addHook('onReady', async () => nodeJobs.start(60_000));
  app.addHook('onClose', () => nodeJobs.stop());
  app.decorate('ctx', {
    config,
    database,
    redis,
    secrets,
    limiter,
    mailer,
    services: { auth, oauth, codes, usdt, subscriptions, nodes },
    watcher,
    subscriptionJobs,
  });
  app.decorateRequest('auth', null);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerLocale(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);
  await registerSecurity(app);
  await registerApiDocs(app, config.publicUrl);

  await app.register(
    async (api) => {
      await api.register(rateLimit, {
        global: true,
        max: config.rateLimit.max,
        timeWindow: config.rateLimit.windowMs,
        ...(redis && config.redis ? { redis, nameSpace: `${config.redis.prefix}rate-limit:` } : {}),
        errorResponseBuilder: () => new AppError('RATE_LIMIT'),
      });
      healthRoutes(api, database);
      authRoutes(api);
      userRoutes(api);
      oauthRoutes(api);
      walletRoutes(api);
      packageRoutes(api);
      nodeRoutes(api);
      ticketRoutes(api);
      announcementRoutes(api);
      helpRoutes(api);
      siteRoutes(api);
      dashboardRoutes(api);
      searchRoutes(api);
      restrictedAreas(api, { '/recharge': rechargeRoutes, '/subscriptions': subscriptionRoutes });
    },
    { prefix: API_PREFIX },
  );

  // The staff API: same envelope and rate limit; every endpoint in it is admin-only (40002 for others).
  await app.register(
    async (admin) => {
      await admin.register(rateLimit, {
        global: true,
        max: config.rateLimit.max,
        timeWindow: config.rateLimit.windowMs,
        ...(redis && config.redis ? { redis, nameSpace: `${config.redis.prefix}rate-limit-admin:` } : {}),
        errorResponseBuilder: () => new AppError('RATE_LIMIT'),
      });
      adminTicketRoutes(admin);
      adminAnnouncementRoutes(admin);
      adminHelpRoutes(admin);
      adminSiteRoutes(admin);
    },
    { prefix: ADMIN_API_PREFIX },
  );
  registerTicketJobs(app);
  registerAnnouncementJobs(app);

  deliveryRoutes(app);
  nodeApiRoutes(app);
  await registerWebApp(app, config.webDist);
  return app;
}
