/** What the benchmarks share: the data set (seeded on first use), percentiles, a staff owner, servers to start. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDatabase } from '../packages/server/src/db/connection.js';

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(BENCH_DIR, '..');

export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** `sqlite:FILE` or `postgres://…`; a bare path is a SQLite file. */
export function databaseUrl(url: string): string {
  return url.startsWith('postgres') || url.startsWith('sqlite:') ? url : `sqlite:${url}`;
}

export const dialectOf = (url: string) => (url.startsWith('postgres') ? 'postgres' : 'sqlite');

/** An empty (or missing) database gets the data set of bench/seed.ts first: a minute on SQLite, three on PostgreSQL. */
export async function ensureSeeded(url: string): Promise<void> {
  const seeded = async () => {
    if (!url.startsWith('postgres') && !existsSync(url.slice('sqlite:'.length))) return false;
    const probe = openDatabase(url);
    try {
      const r = await sql<{ n: number | string }>`select count(*) as n from users`.execute(probe.db);
      return Number(r.rows[0]?.n ?? 0) > 1000;
    } catch {
      return false; // no database, or no tables yet
    } finally {
      await probe.close();
    }
  };
  if (await seeded()) return;
  console.log(`${url} has no data set yet: seeding it (bench/seed.ts)`);
  const r = spawnSync(process.execPath, [...process.execArgv, path.join(BENCH_DIR, 'seed.ts'), '--db', url], {
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('seeding failed');
}

/** The p-th percentile of sorted values, to 0.1. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)]! * 10) / 10;
}

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** A child process serving HTTP on 127.0.0.1:port, stopped by `stop()`; its peak memory read from /proc. */
export interface Served {
  url: string;
  pid: number;
  stop(): Promise<void>;
  /** Waits until the process is nearly idle (its start-up jobs done): a second under 5 % of a core, at most 90 s. */
  settle(): Promise<void>;
  /** Peak resident memory since start (VmHWM), MiB; null where /proc is missing. */
  peakRssMiB(): number | null;
  rssMiB(): number | null;
  /** CPU time the process has used (user and system, every thread), ms; null where /proc is missing. */
  cpuMs(): number | null;
}

function procStatus(pid: number, field: string): number | null {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round((Number(m[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

/** User and system CPU time of a process, in clock ticks (100 a second on Linux); null where /proc is missing. */
function cpuTicks(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

export async function serve(
  command: string[],
  env: Record<string, string>,
  port: number,
  readyPath: string,
): Promise<Served> {
  // A server left over from an interrupted run would answer the readiness check and be measured in this one's place.
  const url = `http://127.0.0.1:${port}`;
  if (
    await fetch(`${url}${readyPath}`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`something already answers on ${url}: stop it first`);
  // BENCH_CPU_PROF=dir: each server writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, ...command], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}${readyPath}`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${command.join(' ')} did not answer ${readyPath} within 120 s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
    async settle() {
      const deadline = Date.now() + 90_000;
      let last = cpuTicks(child.pid!);
      while (last !== null && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 1000));
        const now = cpuTicks(child.pid!);
        if (now === null || now - last < 5) return; // 100 ticks a second: under 5 % of a core
        last = now;
      }
    },
    peakRssMiB: () => procStatus(child.pid!, 'VmHWM'),
    cpuMs: () => {
      const ticks = cpuTicks(child.pid!);
      return ticks === null ? null : ticks * 10;
    },
    rssMiB: () => procStatus(child.pid!, 'VmRSS'),
  };
}

/** The server bundled as `npm start` runs it (esbuild, into packages/server/dist-bench so a running build is left alone). */
export function buildServer(): string {
  const r = spawnSync(process.execPath, ['build.mjs'], {
    cwd: path.join(ROOT, 'packages/server'),
    env: { ...process.env, SERVER_OUTDIR: 'dist-bench' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('building the server failed');
  return path.join(ROOT, 'packages/server/dist-bench/main.js');
}

/**
 * Connections opened beforehand, one per caller (as each agent keeps its own open between pulls), that send raw
 * HTTP/1.1 requests all in the same turn of the event loop and time each answer from its own write. Node's HTTP
 * client spends tens of microseconds on every request and answer in this process, which is the server's only
 * neighbour on two cores: 20 at once through it took 3-4 ms for a bare route, most of it the client's.
 */
export class RawConnections {
  private constructor(private readonly sockets: Socket[]) {}

  static async open(url: string, count: number): Promise<RawConnections> {
    const { hostname, port } = new URL(url);
    const sockets = await Promise.all(
      Array.from(
        { length: count },
        () =>
          new Promise<Socket>((resolve, reject) => {
            const socket = connect({ host: hostname, port: Number(port), noDelay: true }, () =>
              resolve(socket),
            );
            socket.once('error', reject);
          }),
      ),
    );
    return new RawConnections(sockets);
  }

  /** Request i on connection i (GET, the path and headers given), all written at once: each answer's status and ms. */
  round(
    requests: { path: string; headers?: Record<string, string> }[],
  ): Promise<{ status: number; ms: number }[]> {
    if (requests.length > this.sockets.length) throw new Error('more requests than connections');
    const raw = requests.map(({ path, headers = {} }) =>
      Buffer.from(
        `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('')}\r\n`,
        'latin1',
      ),
    );
    return Promise.all(
      raw.map((bytes, i) => {
        const socket = this.sockets[i]!;
        const answer = new Promise<{ status: number; ms: number }>((resolve, reject) => {
          let got: Buffer = Buffer.alloc(0);
          const onData = (chunk: Buffer) => {
            got = got.length === 0 ? chunk : Buffer.concat([got, chunk]);
            const end = got.indexOf('\r\n\r\n');
            if (end < 0) return;
            const head = got.subarray(0, end).toString('latin1');
            if (/^transfer-encoding:/im.test(head)) return finish(new Error('a chunked answer'));
            const length = Number(/^content-length:\s*(\d+)/im.exec(head)?.[1] ?? 0);
            if (got.length < end + 4 + length) return;
            if (got.length > end + 4 + length) return finish(new Error('more bytes than one answer'));
            finish(null, Number(head.slice(9, 12)));
          };
          const finish = (err: Error | null, status = 0) => {
            socket.off('data', onData);
            socket.off('error', finish);
            if (err) reject(err);
            else resolve({ status, ms: performance.now() - t0 });
          };
          socket.on('data', onData);
          socket.once('error', finish);
        });
        const t0 = performance.now();
        socket.write(bytes);
        return answer;
      }),
    );
  }

  close(): void {
    for (const socket of this.sockets) socket.destroy();
  }
}
