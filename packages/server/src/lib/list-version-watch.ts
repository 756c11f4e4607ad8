import type SQLite from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseHandle } from '../db/connection.js';
import { userListVersion } from './change-log-repository.js';

/**
 * The newest version of the user lists (`user_list_version`) this process may rely on without asking the database:
 * null when it cannot say (then its readers ask the database). One per app, shared by what is kept in memory from
 * the change log: the links `/sub` serves (subscriptions/link-index.ts) and the agents' nodes (nodes/agent-nodes.ts).
 * Nothing is opened before the first `current()`.
 */
export interface ListVersionWatch {
  current(): number | null | Promise<number | null>;
  close(): Promise<void>;
}

export function watchListVersion(
  database: DatabaseHandle,
  onError: (err: Error) => void = () => {},
): ListVersionWatch {
  let watch: ListVersionWatch | null = null;
  let closed = false;
  return {
    current() {
      if (closed) return null;
      watch ??=
        database.dialect === 'sqlite' && database.sqlite
          ? sqliteWatch(database, database.sqlite)
          : postgresWatch(database, onError);
      return watch.current();
    },
    async close() {
      closed = true;
      await watch?.close();
    },
  };
}

/** SQLite: how old the version may grow when this process wrote nothing since (another process may have: the CLI). */
export const SQLITE_VERSION_TTL_MS = 100;

/**
 * SQLite: the version row read on the connection is exact; read synchronously, except inside another request's
 * transaction (its writes are not committed yet): then through the driver's queue. Read again when this process has
 * written since the last read (its own writes are seen at once), and otherwise at most every SQLITE_VERSION_TTL_MS
 * (another process's write, such as a CLI command's, within that time): most requests read nothing.
 */
function sqliteWatch(database: DatabaseHandle, sqlite: SQLite.Database): ListVersionWatch {
  const read = sqlite.prepare('select version from user_list_version where id = 1').pluck();
  let version = 0;
  let readAt = -1;
  let readTime = 0;
  return {
    current() {
      if (sqlite.inTransaction) return userListVersion(database.db);
      const at = database.writes();
      const now = performance.now();
      if (at !== readAt || now - readTime >= SQLITE_VERSION_TTL_MS) {
        version = Number(read.get());
        readAt = at;
        readTime = now;
      }
      return version;
    },
    close: async () => {},
  };
}

/**
 * PostgreSQL: every commit that moves the version announces it (migration 0031); one listening connection follows the
 * announcements. While it is not connected (starting, or lost and retrying each second) the version is unknown.
 * An announcement arrives a moment after its commit, so this process's own writes are read back instead: once the
 * handle has completed a write or commit since the version was last read, the next caller reads it from the
 * database (one read shared by the callers meanwhile). What this process wrote is seen at once; what another
 * instance wrote, when announced.
 */
function postgresWatch(database: DatabaseHandle, onError: (err: Error) => void): ListVersionWatch {
  const writes = () => database.writes();
  let version: number | null = null;
  /** The handle's write count when the version last read was asked for. */
  let readAt = -1;
  let reading: { at: number; version: Promise<number | null> } | null = null;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    const c = new pg.Client({ connectionString: database.url });
    client = c;
    const lost = (err?: Error) => {
      if (client !== c) return;
      if (err) onError(err);
      client = null;
      version = null;
      c.removeAllListeners();
      void c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(), 1000).unref();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (n) => {
      const v = Number(n.payload);
      if (client === c && version !== null && v > version) version = v;
    });
    try {
      await c.connect();
      await c.query('listen user_list_version');
      // Listening first, then the version: a change committed in between is announced or read, never missed.
      const at = writes();
      const { rows } = await c.query<{ version: string }>(
        'select version from user_list_version where id = 1',
      );
      if (client === c) {
        version = Math.max(version ?? 0, Number(rows[0]!.version));
        readAt = Math.max(readAt, at);
      }
    } catch (err) {
      lost(err as Error);
    }
  };
  const readBack = (at: number): Promise<number | null> =>
    userListVersion(database.db).then(
      (v) => {
        if (version === null) return null;
        version = Math.max(version, v);
        readAt = Math.max(readAt, at);
        return version;
      },
      (err: Error) => {
        onError(err);
        return null;
      },
    );
  let started: Promise<void> | null = null;
  return {
    current() {
      started ??= connect();
      if (version === null) return null;
      const at = writes();
      if (at === readAt) return version;
      // A write of this process completed since the last read: read the version back (a read asked for before
      // that write would not do).
      if (!reading || reading.at < at) {
        const read = { at, version: readBack(at) };
        reading = read;
        void read.version.finally(() => {
          if (reading === read) reading = null;
        });
      }
      return reading.version;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      version = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
