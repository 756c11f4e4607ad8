import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { Database } from './types.js';

export type DialectName = 'sqlite' | 'postgres';

/** How often a statement was prepared and how often a prepared one served again (tests and benchmarks read it). */
export interface StatementStats {
  prepared: number;
  reused: number;
  /** Statements held now (SQLite: the cache; PostgreSQL: the SQL texts that have a name). */
  held: number;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The URL it was opened with (a second connection of its own, such as a listener, opens the same database). */
  url: string;
  /**
   * How many statements other than `select` (writes, commits) this handle has completed: a reader that sees it move
   * knows a write of this process may have committed since it last asked.
   */
  writes(): number;
  /** SQLite: the connection itself, for the few synchronous reads that must not wait behind the driver's queue. */
  sqlite?: SQLite.Database;
  statementStats(): StatementStats;
  close(): Promise<void>;
}

/** int8 (bigint) columns hold money and byte counts; they stay far below 2^53, so read them as numbers. */
const PG_INT8_OID = 20;
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8_OID) return (value: string) => Number(value);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
};

/**
 * Opens the database named by DATABASE_URL: `sqlite:<file>` (WAL, foreign keys on, busy timeout) or
 * `postgres://…` (a pool).
 */
export interface OpenOptions {
  poolSize?: number;
  /** Errors of idle pooled connections (server restart, dropped connection); without a listener they would crash the process. */
  onIdleError?: (err: Error) => void;
  /** How many prepared statements are kept (SQLite: an LRU cache; PostgreSQL: named statements per connection). */
  statementCacheSize?: number;
}

/** The server's queries are a few hundred distinct texts; room for them all, not for unbounded one-off texts. */
const DEFAULT_STATEMENT_CACHE = 500;

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  const capacity = options.statementCacheSize ?? DEFAULT_STATEMENT_CACHE;
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    const cache = new SqliteStatementCache(sqlite, capacity);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cache }) });
    return {
      db,
      dialect: 'sqlite',
      url,
      sqlite,
      statementStats: () => cache.stats(),
      writes: () => cache.writes,
      close: () => db.destroy(),
    };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      types: pgTypes,
      // Named statements are parsed once, but planned for each call's values: a generic plan, which PostgreSQL may
      // settle on after five calls, is the same for a dealer with 20,000 ledger entries and a new account.
      options: '-c plan_cache_mode=force_custom_plan',
    });
    pool.on('error', (err) => (options.onIdleError ?? defaultIdleError)(err));
    const named = new NamedStatementPool(pool, capacity);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: named }) });
    return {
      db,
      dialect: 'postgres',
      url,
      statementStats: () => named.stats(),
      writes: () => named.completedWrites,
      close: () => db.destroy(),
    };
  }
  throw new Error(`unsupported DATABASE_URL: ${url.split(':')[0]}:…`);
}

function defaultIdleError(err: Error): void {
  console.error(`idle database connection failed: ${err.message}`);
}

/** Round trip to the database; used by the health check. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The first word of a statement, lower case (leading spaces and `--` / `/* *\/` comments skipped). */
function firstWord(text: string): string {
  const m = /^(?:\s+|--[^\n]*\n|\/\*[\s\S]*?\*\/)*([A-Za-z]+)/.exec(text);
  return m ? m[1]!.toLowerCase() : '';
}

/** Statements worth keeping prepared: the queries and writes the server repeats. */
const REPEATED = new Set(['select', 'insert', 'update', 'delete', 'with', 'values']);
/** Statements that change the schema (migrations, tests): prepared statements made before them are dropped. */
const SCHEMA_CHANGE = new Set(['create', 'alter', 'drop', 'reindex', 'vacuum', 'analyze']);

/**
 * SQLite: Kysely's driver prepares every statement it runs (`database.prepare(sql)`), which parses and plans the SQL
 * each time. This stands in for the database and hands back a statement already prepared for the same text, kept in
 * a bounded LRU. A statement still being iterated (`busy`: a stream) is never handed out twice; one is prepared
 * afresh. SQLite re-prepares a statement itself when the schema changed under it (another connection's migration);
 * a schema change made here also empties the cache, so nothing prepared before it is kept.
 */
class SqliteStatementCache implements SqliteDatabase {
  private readonly statements = new Map<string, SQLite.Statement>();
  private prepared = 0;
  private reused = 0;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly capacity: number,
  ) {}

  /**
   * Statements other than `select` handed out (`DatabaseHandle.writes`). Kysely's driver runs a statement in the tick
   * it prepares it, so for any other code this counts them done.
   */
  writes = 0;

  prepare(text: string): SQLite.Statement {
    const word = firstWord(text);
    if (word !== 'select') this.writes++;
    if (!REPEATED.has(word)) {
      if (SCHEMA_CHANGE.has(word)) this.statements.clear();
      this.prepared++;
      return this.sqlite.prepare(text);
    }
    const held = this.statements.get(text);
    if (held && !held.busy) {
      // Most recently used last: Map keeps insertion order, so the first key is the one to evict.
      this.statements.delete(text);
      this.statements.set(text, held);
      this.reused++;
      return held;
    }
    const statement = this.sqlite.prepare(text);
    this.prepared++;
    if (!held && this.capacity > 0) {
      this.statements.set(text, statement);
      if (this.statements.size > this.capacity) this.statements.delete(this.statements.keys().next().value!);
    }
    return statement;
  }

  close(): void {
    this.statements.clear();
    this.sqlite.close();
  }

  stats(): StatementStats {
    return { prepared: this.prepared, reused: this.reused, held: this.statements.size };
  }
}

/** PostgreSQL's answer when a prepared statement's result columns changed under it (a table altered). */
const CACHED_PLAN_CHANGED = '0A000';

/**
 * PostgreSQL: pg sends an unnamed statement (parse, bind, execute) for every query, so the server parses it each
 * time. A SQL text seen a second time gets a name; pg then parses it once per pooled connection and later only binds
 * and executes it (each call still planned for its values: `plan_cache_mode` above). Bounded: at most `capacity`
 * texts ever get a name in a schema version (texts past it run unnamed), so no connection holds more statements
 * than that; a text seen once (a one-off `in (…)` list) takes no name. A schema change run through this handle
 * starts fresh names (a statement prepared before it could answer with the old columns); one made elsewhere, which
 * PostgreSQL reports as "cached plan must not change result type", does the same and the query is run again
 * unnamed.
 */
class NamedStatementPool implements PostgresPool {
  private readonly clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  /** The names each connection has prepared (in this schema version). */
  private readonly preparedOn = new WeakMap<pg.PoolClient, { generation: number; names: Set<string> }>();
  private names = new Map<string, string>();
  /** Texts seen once, waiting for a second sighting (bounded, oldest dropped). */
  private seen = new Set<string>();
  private generation = 0;
  private named = 0;
  private prepared = 0;
  private reused = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly capacity: number,
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    let wrapped = this.clients.get(client);
    if (!wrapped) {
      const query = (text: string, values: readonly unknown[]) => this.run(client, text, [...values]);
      // Kysely's cursor form of `query` is never used: no cursor is configured for streaming.
      wrapped = { query, release: () => client.release() } as unknown as PostgresPoolClient;
      this.clients.set(client, wrapped);
    }
    return wrapped;
  }

  end(): Promise<void> {
    return this.pool.end();
  }

  stats(): StatementStats {
    return { prepared: this.prepared, reused: this.reused, held: this.names.size };
  }

  private nameFor(text: string, word: string): string | undefined {
    if (!REPEATED.has(word)) {
      if (SCHEMA_CHANGE.has(word)) this.restart();
      return undefined;
    }
    const name = this.names.get(text);
    if (name !== undefined || this.named >= this.capacity) return name;
    if (!this.seen.delete(text)) {
      this.seen.add(text);
      if (this.seen.size > this.capacity) this.seen.delete(this.seen.values().next().value!);
      return undefined;
    }
    const fresh = `kq${this.generation}_${++this.named}`;
    this.names.set(text, fresh);
    return fresh;
  }

  /** New names from now on: statements prepared before a schema change are not used again. */
  private restart(): void {
    this.generation++;
    this.names = new Map();
    this.seen = new Set();
    this.named = 0;
  }

  /** Statements other than `select` this pool has completed (`DatabaseHandle.writes`). */
  completedWrites = 0;

  private async run(client: pg.PoolClient, text: string, values: unknown[]): Promise<pg.QueryResult> {
    const word = firstWord(text);
    try {
      return await this.runNamed(client, text, values, word);
    } finally {
      if (word !== 'select') this.completedWrites++;
    }
  }

  private async runNamed(
    client: pg.PoolClient,
    text: string,
    values: unknown[],
    word: string,
  ): Promise<pg.QueryResult> {
    const name = this.nameFor(text, word);
    if (name === undefined) {
      this.prepared++;
      return client.query(text, values);
    }
    let onClient = this.preparedOn.get(client);
    if (onClient?.generation !== this.generation) {
      onClient = { generation: this.generation, names: new Set() };
      this.preparedOn.set(client, onClient);
    }
    if (onClient.names.has(name)) this.reused++;
    else this.prepared++;
    try {
      const result = await client.query({ name, text, values });
      onClient.names.add(name);
      return result;
    } catch (err) {
      const { code, message } = err as { code?: string; message?: string };
      if (code !== CACHED_PLAN_CHANGED || !message?.includes('cached plan')) throw err;
      this.restart();
      this.prepared++;
      return client.query(text, values);
    }
  }
}
