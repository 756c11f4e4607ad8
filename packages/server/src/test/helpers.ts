import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/connection.js';
import type { UsersTable } from '../db/tables/auth.js';
import { nowIso } from '../db/time.js';

/**
 * The server suite runs on SQLite by default and on PostgreSQL when TEST_DATABASE_URL is a postgres:// URL
 * (`npm test` does both). Each test file gets its own fresh database.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';
export const TEST_DIALECT: 'sqlite' | 'postgres' = TEST_DATABASE_URL.startsWith('postgres')
  ? 'postgres'
  : 'sqlite';

export interface TestDatabase {
  url: string;
  handle: DatabaseHandle;
  /** Closes and removes the database. */
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DIALECT === 'postgres') {
    const name = `portal_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    // Dropping the database ends its connections; that is expected here, not a failure.
    const handle = openDatabase(url.toString(), { poolSize: 20, onIdleError: () => undefined });
    return {
      url: url.toString(),
      handle,
      drop: async () => {
        await handle.close();
        const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await c.connect();
        try {
          await c.query(`drop database if exists ${name} with (force)`);
        } finally {
          await c.end();
        }
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const url = `sqlite:${path.join(dir, 'portal.db')}`;
  const handle = openDatabase(url);
  return {
    url,
    handle,
    drop: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function testConfig(env: Record<string, string> = {}): AppConfig {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-data-'));
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://127.0.0.1:8080',
    ...env,
  });
}

/** Collects the JSON log lines an app writes. */
export class LogCapture extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  override _write(chunk: Buffer, _enc: string, done: () => void): void {
    for (const line of chunk.toString().split('\n')) {
      if (line.trim()) this.lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  logs: LogCapture;
  close(): Promise<void>;
}

/**
 * A real app on a fresh real database. `setup` may add routes before the app is ready (tests use it to provoke
 * failures through the real error handling).
 */
export async function createTestApp(
  options: { env?: Record<string, string>; setup?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const logs = new LogCapture();
  const app = await buildApp(testConfig({ LOG_LEVEL: 'info', ...options.env }), {
    database: database.handle,
    logStream: logs,
  });
  options.setup?.(app);
  await app.ready();
  return {
    app,
    database,
    logs,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** A verified account's row with nothing else (no password, nickname or code), for tests that insert owners directly. */
export function bareUser(email: string, extra: Partial<Insertable<UsersTable>> = {}): Insertable<UsersTable> {
  const now = nowIso();
  return {
    email,
    password_hash: null,
    nickname: null,
    avatar_url: null,
    email_verified_at: now,
    invite_code: null,
    locked_until: null,
    last_login_at: null,
    created_at: now,
    updated_at: now,
    ...extra,
  };
}
