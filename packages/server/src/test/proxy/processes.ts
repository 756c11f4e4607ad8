import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { requireBinaries, type Binary } from './binaries.js';
import { waitForPort } from './net.js';

const run = promisify(execFile);

/** How to start one proxy program: its config files (written to a fresh directory, its cwd) and the port it opens. */
export interface LaunchSpec {
  /** For error messages, e.g. "server vmess-tcp". */
  label: string;
  binary: Binary;
  /** Arguments; relative file names resolve in the process's own directory. */
  args: string[];
  /** File name (relative) -> content. */
  files: Record<string, string>;
  /** The 127.0.0.1 port that accepts connections once the program is ready. */
  port: number;
  /** Extra environment variables (e.g. a PATH where ss-server finds a plugin by the name a link gives). */
  env?: Record<string, string>;
  /** A v2ray config file (one of `files`) to check with `v2ray -test -config` before starting. */
  v2rayTest?: string;
}

export interface RunningProcess {
  label: string;
  port: number;
  /** What the process wrote to stdout and stderr so far (the tail when it is long). */
  output(): string;
  stop(): Promise<void>;
}

const OUTPUT_LIMIT = 64 * 1024;

/**
 * Last resort: children still alive when the test worker itself exits (a crash, a hard timeout) are killed with it,
 * never left behind holding ports.
 */
const alive = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of alive) child.kill('SIGKILL');
});

/**
 * Starts proxy programs and guarantees they end: every process started through a group is stopped by `stopAll()`,
 * which test files call from afterAll (and tests from finally), so a failing test leaves nothing running.
 */
export class ProcessGroup {
  private readonly root = mkdtempSync(path.join(tmpdir(), 'proxy-test-'));
  private readonly running = new Set<RunningProcess>();
  private stopped = false;

  /** The group's scratch directory (removed by stopAll). */
  get dir(): string {
    return this.root;
  }

  async start(spec: LaunchSpec, readyTimeoutMs = 10_000): Promise<RunningProcess> {
    if (this.stopped) throw new Error(`${spec.label}: the process group was already stopped`);
    const binary = requireBinaries([spec.binary])[spec.binary];
    const dir = mkdtempSync(path.join(this.root, `${spec.label.replace(/[^A-Za-z0-9_-]+/g, '_')}-`));
    for (const [name, content] of Object.entries(spec.files)) writeFileSync(path.join(dir, name), content);

    if (spec.v2rayTest) {
      try {
        await run(binary, ['-test', '-config', spec.v2rayTest], { cwd: dir, timeout: 10_000 });
      } catch (err) {
        const e = err as { stdout?: string; stderr?: string; message: string };
        throw new Error(
          `${spec.label}: \`v2ray -test\` rejected the generated config:\n${e.stdout ?? ''}${e.stderr ?? e.message}\n` +
            `--- ${spec.v2rayTest} ---\n${spec.files[spec.v2rayTest]}`,
          { cause: err },
        );
      }
    }

    const child = spawn(binary, spec.args, {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(spec.env ? { env: { ...process.env, ...spec.env } } : {}),
    });
    alive.add(child);
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    let exit: string | null = null;
    const exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        alive.delete(child);
        exit = signal ? `killed by ${signal}` : `exit code ${code}`;
        resolve();
      });
      child.once('error', (err) => {
        alive.delete(child);
        exit = `could not start: ${err.message}`;
        resolve();
      });
    });

    const proc: RunningProcess = {
      label: spec.label,
      port: spec.port,
      output: () => output,
      stop: async () => {
        this.running.delete(proc);
        await stopChild(child, exited, () => exit !== null);
      },
    };
    this.running.add(proc);

    const ready = await waitForPort(spec.port, { timeoutMs: readyTimeoutMs, gaveUp: () => exit !== null });
    if (!ready) {
      await proc.stop();
      throw new Error(
        `${spec.label}: \`${spec.binary} ${spec.args.join(' ')}\` did not accept connections on 127.0.0.1:${spec.port} ` +
          `within ${readyTimeoutMs} ms (${exit ?? 'still running; stopped now'}).\n--- output ---\n${output}` +
          Object.entries(spec.files)
            .map(([name, content]) => `\n--- ${name} ---\n${content}`)
            .join(''),
      );
    }
    return proc;
  }

  /** Stops every process still running and removes the scratch directory. */
  async stopAll(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.running].map((p) => p.stop()));
    rmSync(this.root, { recursive: true, force: true });
  }
}

async function stopChild(
  child: ChildProcess,
  exited: Promise<void>,
  hasExited: () => boolean,
): Promise<void> {
  if (hasExited()) return;
  child.kill('SIGTERM');
  const graceful = await Promise.race([
    exited.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 3000).unref()),
  ]);
  if (!graceful && !hasExited()) {
    child.kill('SIGKILL');
    await exited;
  }
}
