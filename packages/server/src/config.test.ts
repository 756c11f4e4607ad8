import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, environment, loadConfig } from './config.js';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBe(`sqlite:${path.join('data', 'portal.db')}`);
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.seedDemo).toBe(true);
    expect(c.jwtSecret).toBeNull();
  });

  it('treats an empty variable as not set', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({
      port: 8080,
      databaseUrl: `sqlite:${path.join('data', 'portal.db')}`,
    });
  });

  it('reads the variables it documents', () => {
    const c = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      PUBLIC_URL: 'https://portal.example.com/',
      SEED_DEMO: 'false',
      JWT_SECRET: 'k'.repeat(32),
      RATE_LIMIT_MAX: '50',
      SUB_FETCHES_PER_MINUTE: '120',
    });
    expect(c).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@127.0.0.1:5432/db',
      publicUrl: 'https://portal.example.com',
      seedDemo: false,
      jwtSecret: 'k'.repeat(32),
      rateLimit: { max: 50, windowMs: 60000 },
      subFetchesPerMinute: 120,
    });
    expect(loadConfig({}).subFetchesPerMinute).toBe(30);
  });

  it('stops with a line naming every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/DATABASE_URL: must start with sqlite: or postgres:\/\//);
      expect(message).toMatch(/JWT_SECRET/);
    }
  });

  it('is documented: the README configuration tables list every variable it reads, and nothing else', () => {
    const readme = readFileSync(path.resolve(here, '../../../README.md'), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
    );
    const documented = new Set(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1])),
    );
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(50);
    expect(CONFIG_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !CONFIG_VARIABLES.includes(name!))).toEqual([]);
  });

  it('is the only reader of the environment in the server and the CLI', () => {
    const readers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'test') walk(file);
        } else if (
          /\.ts$/.test(entry.name) &&
          !/\.test\.ts$/.test(entry.name) &&
          entry.name !== 'config.ts'
        ) {
          if (/process\.env\b/.test(readFileSync(file, 'utf8'))) readers.push(path.relative(here, file));
        }
      }
    };
    walk(here);
    expect(readers).toEqual([]);
  });

  it('reads a .env file under the real environment', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-env-'));
    try {
      const file = path.join(dir, '.env');
      writeFileSync(file, '# settings\nPORT=9100\nSITE_NAME="My Portal"\n');
      expect(loadConfig(environment({}, file))).toMatchObject({ port: 9100, siteName: 'My Portal' });
      expect(loadConfig(environment({ PORT: '9200' }, file)).port).toBe(9200);
      expect(environment({ PORT: '1' }, path.join(dir, 'missing.env'))).toEqual({ PORT: '1' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
