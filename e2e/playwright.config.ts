import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the real, built server (SQLite in a fresh directory, demo catalogue seeded), driven in
 * Debian's Chromium. A second server on the next port starts on an empty database (`SEED_DEMO=false`), for the
 * journey of an operator who builds the catalogue from nothing (`empty-portal.ts`). Both are started for the run
 * and stopped with it.
 */
const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;
const emptyURL = `http://127.0.0.1:${port + 1}`;
// Set once in the runner's environment, so the test workers (its child processes) see the same directories.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
process.env.E2E_MAIL_DIR ??= path.join(process.env.E2E_DATA_DIR, 'mail');
process.env.E2E_EMPTY_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-empty-'));
process.env.E2E_EMPTY_MAIL_DIR ??= path.join(process.env.E2E_EMPTY_DATA_DIR, 'mail');
process.env.E2E_EMPTY_URL ??= emptyURL;
const dataDir = process.env.E2E_DATA_DIR;
const emptyDataDir = process.env.E2E_EMPTY_DATA_DIR;

/** The server's environment: the built portal on `url`, its data (SQLite, uploads) and mail in `dir`. */
function portal(url: string, dir: string, mailDir: string, extra: Record<string, string> = {}) {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: new URL(url).port,
    PUBLIC_URL: url,
    DATA_DIR: dir,
    DATABASE_URL: `sqlite:${path.join(dir, 'portal.db')}`,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '10000',
    E2E_MAIL_DIR: mailDir,
    MAIL_FROM: 'Proxy Portal <no-reply@portal.test>',
    ...extra,
  };
}

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? './artifacts/report.json' }],
    ['html', { open: 'never', outputFolder: './artifacts/html' }],
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // The browser's own omnibox pop-ups (WebUI pages in a renderer of their own, busy during every load): not
        // what the journeys test, and CPU the pages under test need on a two-core machine.
        '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
      ],
    },
  },
  webServer: [
    {
      command: 'node support/serve.mjs',
      url: `${baseURL}/api/v1/portal/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stderr: 'pipe',
      env: portal(baseURL, dataDir, process.env.E2E_MAIL_DIR),
    },
    {
      command: 'node support/serve.mjs',
      url: `${emptyURL}/api/v1/portal/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stderr: 'pipe',
      env: portal(emptyURL, emptyDataDir, process.env.E2E_EMPTY_MAIL_DIR, { SEED_DEMO: 'false' }),
    },
  ],
});
