/**
 * Page-speed benchmark: Lighthouse (mobile preset, simulated throttling) on the landing page and the terms of
 * service, against the built server with a fresh SQLite database and the demo catalogue. Builds nothing: run
 * `npm run build` first (or point BENCH_SERVER_MAIN / WEB_DIST at your own build). Writes the scores and key
 * metrics to bench/results/lighthouse.json, prints them and exits non-zero when a score is below the target.
 * Run: `npm run bench:lighthouse`.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_MAIN = path.resolve(ROOT, process.env.BENCH_SERVER_MAIN ?? 'packages/server/dist/main.js');
const WEB_DIST = path.resolve(ROOT, process.env.WEB_DIST ?? 'packages/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RESULTS = path.join(ROOT, 'bench/results/lighthouse.json');
/** Where to keep the full Lighthouse reports (optional, for finding what costs points). */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
const PAGES = (process.env.BENCH_PAGES?.split(',') ?? ['/', '/terms-of-service']) as readonly string[];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Minimum score (0-100) for every category on every page. */
const TARGET = 95;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
  totalBytes: 'total-byte-weight',
} as const;

type Category = (typeof CATEGORIES)[number];
interface PageResult {
  path: string;
  scores: Record<Category, number>;
  metrics: Record<keyof typeof METRICS, number>;
  failing: string[];
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/portal/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer ${baseUrl}/api/v1/portal/health within ${timeoutMs} ms`);
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

function lhVersion(): string {
  const file = createRequire(import.meta.url).resolve('lighthouse/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** Lighthouse scores are 0..1 (or null when a category could not run: counted as 0). */
function percent(score: number | null | undefined): number {
  return Math.round((score ?? 0) * 100);
}

if (!existsSync(SERVER_MAIN)) fail(`no built server at ${SERVER_MAIN}: run \`npm run build\` first`);
if (!existsSync(path.join(WEB_DIST, 'index.html')))
  fail(`no built web app at ${WEB_DIST}: run \`npm run build\` first`);
if (!existsSync(CHROMIUM)) fail(`no Chromium at ${CHROMIUM}: install chromium or set CHROMIUM_PATH`);

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-'));
const profileDir = mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-chromium-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
let server: ChildProcess | null = null;
let chrome: chromeLauncher.LaunchedChrome | null = null;
let exitCode = 0;

try {
  server = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'portal.db')}`,
      WEB_DIST,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '10000',
    },
  });
  await waitForHealth(baseUrl, server);

  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROME_FLAGS, `--user-data-dir=${profileDir}`],
    userDataDir: false,
    logLevel: 'error',
  });

  const results: PageResult[] = [];
  for (const page of PAGES) {
    // The default config is the mobile preset (Moto G Power, slow 4G, 4x CPU slowdown, simulated throttling).
    const run = await lighthouse(`${baseUrl}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!run) throw new Error(`Lighthouse returned nothing for ${page}`);
    const { lhr } = run;
    if (REPORTS_DIR) {
      mkdirSync(REPORTS_DIR, { recursive: true });
      const name = page === '/' ? 'landing' : page.slice(1).replaceAll('/', '-');
      writeFileSync(path.join(REPORTS_DIR, `${name}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${page}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, percent(lhr.categories[c]?.score)]),
    ) as Record<Category, number>;
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([name, audit]) => {
        const value = lhr.audits[audit]?.numericValue ?? Number.NaN;
        return [name, name === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value)];
      }),
    ) as Record<keyof typeof METRICS, number>;
    // The audits that cost points, so a failing run says what to fix.
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => `${a.id} (${percent(a.score)})`);
    results.push({ path: page, scores, metrics, failing });
  }

  const below = results.flatMap((r) =>
    CATEGORIES.filter((c) => r.scores[c] < TARGET).map((c) => `${r.path} ${c} ${r.scores[c]}`),
  );
  const report = {
    date: new Date().toISOString(),
    lighthouse: lhVersion(),
    preset: 'mobile (default config, simulated throttling)',
    target: TARGET,
    chromium: CHROMIUM,
    pages: results,
    passed: below.length === 0,
  };
  mkdirSync(path.dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(report, null, 2)}\n`);

  for (const r of results) {
    console.log(`${r.path}`);
    console.log(`  scores   ${CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join(', ')}`);
    console.log(
      `  metrics  FCP ${r.metrics.fcpMs} ms, LCP ${r.metrics.lcpMs} ms, TBT ${r.metrics.tbtMs} ms, ` +
        `CLS ${r.metrics.cls}, SI ${r.metrics.speedIndexMs} ms, ${Math.round(r.metrics.totalBytes / 1024)} KiB`,
    );
    if (r.failing.length > 0) console.log(`  to fix   ${r.failing.join(', ')}`);
  }
  console.log(`written to ${path.relative(ROOT, RESULTS)}`);
  if (below.length > 0) {
    console.error(`below ${TARGET}: ${below.join('; ')}`);
    exitCode = 1;
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  exitCode = 1;
} finally {
  if (chrome) {
    try {
      chrome.kill();
    } catch {
      // already gone
    }
  }
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
process.exit(exitCode);
