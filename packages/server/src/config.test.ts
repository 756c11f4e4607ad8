import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
    });
    expect(c).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@127.0.0.1:5432/db',
      publicUrl: 'https://portal.example.com',
      seedDemo: false,
      jwtSecret: 'k'.repeat(32),
      rateLimit: { max: 50, windowMs: 60000 },
    });
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
});
