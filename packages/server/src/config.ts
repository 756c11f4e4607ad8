import { z } from 'zod';
import path from 'node:path';

/**
 * Configuration from the environment, validated once at start (STYLE.md #9). Every variable is documented in the
 * README. Secrets that are not given are generated on first start and kept in the database (see secrets.ts).
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres:\/\/|postgresql:\/\/)/, 'must start with sqlite: or postgres://')
    .optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool.default(false),
  TRUST_PROXY: bool.default(false),
  SEED_DEMO: bool.default(true),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REDIS_PREFIX: z.string().min(1).default('portal:'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  SITE_NAME: z.string().min(1).default('Proxy Portal'),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string;
  webDist: string | null;
  redis: { url: string; prefix: string } | null;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  logPretty: boolean;
  trustProxy: boolean;
  seedDemo: boolean;
  jwtSecret: string | null;
  rateLimit: { max: number; windowMs: number };
  shutdownTimeoutMs: number;
  siteName: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment; throws ConfigError naming every bad variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  defaults: { webDist?: string } = {},
): AppConfig {
  // An empty variable (`DATABASE_URL=` in an env file) means "not set".
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(e.DATA_DIR, 'portal.db')}`,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : (defaults.webDist ?? null),
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : null,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    jwtSecret: e.JWT_SECRET ?? null,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    siteName: e.SITE_NAME,
  };
}
