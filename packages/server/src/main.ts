import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, environment, loadConfig } from './config.js';
import { ANNOUNCED_PUBLIC_URL, setMeta } from './lib/meta-repository.js';

/** Starts the portal: API, docs and the built web app on one port; stops cleanly on SIGINT/SIGTERM. */
function defaultWebDist(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidate = path.resolve(here, '../../web/dist');
  return existsSync(candidate) ? candidate : undefined;
}

async function main(): Promise<void> {
  let config;
  try {
    const webDist = defaultWebDist();
    config = loadConfig(environment(), webDist ? { webDist } : {});
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  // The operators' commands print this address for the node agents, whatever environment they run in.
  await setMeta(app.ctx.database.db, ANNOUNCED_PUBLIC_URL, config.publicUrl);
  app.log.info(`portal ready at ${config.publicUrl} (API docs at ${config.publicUrl}/api/docs)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
