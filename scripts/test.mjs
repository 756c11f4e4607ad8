// `npm test`: every suite, in order: unit and API tests on SQLite, the server suite again on PostgreSQL, then the
// browser journeys against a real build. In CI (CI=true) a missing PostgreSQL or Chromium fails the run; on a
// developer machine it is skipped with a warning. Ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reports = path.resolve('test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  totals.passed += s.expected + (s.flaky ?? 0);
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
}

function need(what, why) {
  if (ci) {
    console.error(`\n${what} is required in CI: ${why}`);
    failedSteps.push(what);
  } else {
    console.warn(`\nWARNING: skipping ${what}: ${why}`);
  }
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

const vitest = ['vitest', 'run', '--reporter=default', '--reporter=json'];
run('unit and API tests (SQLite)', 'npx', [...vitest, `--outputFile.json=${reports}/vitest-sqlite.json`], {
  TEST_DATABASE_URL: '',
});
countVitest(`${reports}/vitest-sqlite.json`);

const reachable = await postgresReachable();
if (reachable === true) {
  run(
    'server tests (PostgreSQL)',
    'npx',
    [...vitest, '--project', 'server', `--outputFile.json=${reports}/vitest-postgres.json`],
    {
      TEST_DATABASE_URL: pgUrl,
    },
  );
  countVitest(`${reports}/vitest-postgres.json`);
} else {
  need('PostgreSQL', `${pgUrl} is not reachable (${reachable})`);
}

if (existsSync(chromium)) {
  run('browser journeys (Playwright, Chromium)', 'npm', ['run', 'test:e2e'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json`,
  });
  countPlaywright(`${reports}/playwright.json`);
} else {
  need('Chromium', `${chromium} not found (apt-get install chromium)`);
}

console.log('');
if (failedSteps.length) console.log(`failed: ${failedSteps.join('; ')}`);
// A step that failed without a failing test (unhandled error, missing service, build error) still counts as a failure.
const failed = totals.failed || failedSteps.length;
console.log(`${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
