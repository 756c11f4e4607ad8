import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';

/**
 * Configuration from the environment, validated once at start by the server and the CLI alike. Every variable is
 * documented in the README (a test holds the two together). Secrets that are not given are generated on first
 * start and kept in the database (see secrets.ts).
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
  /** Where the operators' console is served (not where scanners look first, if you like): lowercase, one or more segments. */
  ADMIN_PATH: z
    .string()
    .regex(
      /^(\/[a-z0-9][a-z0-9_-]*)+$/,
      'must be like /admin or /ops/console (lowercase letters, digits, - and _)',
    )
    .refine((p) => !/^\/(api|assets)(\/|$)/.test(p), 'must not be under /api or /assets')
    .default('/admin'),
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
  SUB_FETCHES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  SITE_NAME: z.string().min(1).default('Proxy Portal'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** Shown on the contact page until an operator configures the channels */
  SUPPORT_EMAIL: z.email().optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).default(24),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GITHUB_AUTH_URL: z.url().default('https://github.com/login/oauth/authorize'),
  GITHUB_TOKEN_URL: z.url().default('https://github.com/login/oauth/access_token'),
  GITHUB_USER_URL: z.url().default('https://api.github.com/user'),
  GITHUB_EMAILS_URL: z.url().default('https://api.github.com/user/emails'),
  USDT_RATE_CNY: z
    .string()
    .regex(/^\d+(\.\d{1,6})?$/, 'must be a decimal number like 7.20')
    .default('7.20'),
  USDT_RATE_URL: z.url().optional(),
  USDT_RATE_JSON_PATH: z.string().default('tether.cny'),
  USDT_MIN_AMOUNT: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/)
    .default('5.00'),
  USDT_MAX_AMOUNT: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/)
    .default('10000.00'),
  USDT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  CHAIN_POLL_SECONDS: z.coerce.number().int().min(1).default(15),
  ERC20_RPC_URL: z.url().optional(),
  ERC20_TOKEN_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .default('0xdAC17F958D2ee523a2206206994597C13D831ec7'),
  ERC20_DECIMALS: z.coerce.number().int().min(0).max(36).default(6),
  ERC20_RECEIVE_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  ERC20_CONFIRMATIONS: z.coerce.number().int().min(1).default(12),
  ERC20_START_BLOCK: z.coerce.number().int().min(0).optional(),
  BEP20_RPC_URL: z.url().optional(),
  BEP20_TOKEN_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .default('0x55d398326f99059fF775485246999027B3197955'),
  BEP20_DECIMALS: z.coerce.number().int().min(0).max(36).default(18),
  BEP20_RECEIVE_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  BEP20_CONFIRMATIONS: z.coerce.number().int().min(1).default(15),
  BEP20_START_BLOCK: z.coerce.number().int().min(0).optional(),
  TRC20_API_URL: z.url().default('https://api.trongrid.io'),
  TRC20_API_KEY: z.string().optional(),
  TRC20_TOKEN_ADDRESS: z
    .string()
    .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/)
    .default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
  TRC20_RECEIVE_ADDRESS: z
    .string()
    .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/)
    .optional(),
  TRC20_CONFIRMATIONS: z.coerce.number().int().min(1).default(19),
});

/** Every variable the configuration reads (the README's configuration tables list each one). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/**
 * The process environment over the `NAME=value` lines of a `.env` file in the working directory, if there is one:
 * `npm start` and `npm run cli` read the same settings. A variable set in the real environment wins.
 */
export function environment(
  env: NodeJS.ProcessEnv = process.env,
  file = path.resolve('.env'),
): NodeJS.ProcessEnv {
  if (!existsSync(file)) return env;
  return { ...parseEnv(readFileSync(file, 'utf8')), ...env };
}

export interface EvmChainConfig {
  kind: 'evm';
  network: 'ERC20' | 'BEP20';
  rpcUrl: string;
  token: string;
  decimals: number;
  address: string;
  confirmations: number;
  startBlock: number | null;
}

export interface TronChainConfig {
  kind: 'tron';
  network: 'TRC20';
  apiUrl: string;
  apiKey: string | null;
  token: string;
  decimals: 6;
  address: string;
  confirmations: number;
}

export type ChainConfig = EvmChainConfig | TronChainConfig;

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userUrl: string;
  emailsUrl: string | null;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string;
  webDist: string | null;
  /** The operators' console's path (ADMIN_PATH). */
  adminPath: string;
  redis: { url: string; prefix: string } | null;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  logPretty: boolean;
  trustProxy: boolean;
  seedDemo: boolean;
  jwtSecret: string | null;
  rateLimit: { max: number; windowMs: number };
  /** How often one subscription link may be fetched a minute (`/sub`, 40312 beyond). */
  subFetchesPerMinute: number;
  shutdownTimeoutMs: number;
  siteName: string;
  mail: { smtpUrl: string | null; from: string };
  supportEmail: string;
  auth: {
    accessTtlSeconds: number;
    refreshTtlDays: number;
    sessionTtlHours: number;
    maxFailures: number;
    lockMinutes: number;
  };
  oauth: { google: OAuthProviderConfig | null; github: OAuthProviderConfig | null };
  usdt: {
    rateCny: string;
    rateUrl: string | null;
    rateJsonPath: string;
    minAmount: string;
    maxAmount: string;
    windowMinutes: number;
    pollSeconds: number;
    /** Only the networks with a receiving address (and a way to read the chain) are enabled. */
    chains: ChainConfig[];
  };
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
    adminPath: e.ADMIN_PATH,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : null,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    jwtSecret: e.JWT_SECRET ?? null,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    subFetchesPerMinute: e.SUB_FETCHES_PER_MINUTE,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    siteName: e.SITE_NAME,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM ?? `${e.SITE_NAME} <no-reply@localhost>` },
    supportEmail: e.SUPPORT_EMAIL ?? `support@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}`,
    auth: {
      accessTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlDays: e.REFRESH_TTL_DAYS,
      sessionTtlHours: e.SESSION_TTL_HOURS,
      maxFailures: e.LOGIN_MAX_FAILURES,
      lockMinutes: e.LOGIN_LOCK_MINUTES,
    },
    usdt: {
      rateCny: e.USDT_RATE_CNY,
      rateUrl: e.USDT_RATE_URL ?? null,
      rateJsonPath: e.USDT_RATE_JSON_PATH,
      minAmount: e.USDT_MIN_AMOUNT,
      maxAmount: e.USDT_MAX_AMOUNT,
      windowMinutes: e.USDT_WINDOW_MINUTES,
      pollSeconds: e.CHAIN_POLL_SECONDS,
      chains: [
        ...(e.TRC20_RECEIVE_ADDRESS
          ? [
              {
                kind: 'tron' as const,
                network: 'TRC20' as const,
                apiUrl: e.TRC20_API_URL.replace(/\/+$/, ''),
                apiKey: e.TRC20_API_KEY ?? null,
                token: e.TRC20_TOKEN_ADDRESS,
                decimals: 6 as const,
                address: e.TRC20_RECEIVE_ADDRESS,
                confirmations: e.TRC20_CONFIRMATIONS,
              },
            ]
          : []),
        ...(['ERC20', 'BEP20'] as const).flatMap((network) => {
          const rpcUrl = e[`${network}_RPC_URL`];
          const address = e[`${network}_RECEIVE_ADDRESS`];
          return rpcUrl && address
            ? [
                {
                  kind: 'evm' as const,
                  network,
                  rpcUrl,
                  token: e[`${network}_TOKEN_ADDRESS`],
                  decimals: e[`${network}_DECIMALS`],
                  address,
                  confirmations: e[`${network}_CONFIRMATIONS`],
                  startBlock: e[`${network}_START_BLOCK`] ?? null,
                },
              ]
            : [];
        }),
      ],
    },
    oauth: {
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              authUrl: e.GOOGLE_AUTH_URL,
              tokenUrl: e.GOOGLE_TOKEN_URL,
              userUrl: e.GOOGLE_USERINFO_URL,
              emailsUrl: null,
            }
          : null,
      github:
        e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET
          ? {
              clientId: e.GITHUB_CLIENT_ID,
              clientSecret: e.GITHUB_CLIENT_SECRET,
              authUrl: e.GITHUB_AUTH_URL,
              tokenUrl: e.GITHUB_TOKEN_URL,
              userUrl: e.GITHUB_USER_URL,
              emailsUrl: e.GITHUB_EMAILS_URL,
            }
          : null,
    },
  };
}
