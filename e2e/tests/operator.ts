import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs an operators' command (`npm run cli -- …`) against the journeys' server database. */
export function operator(...args: string[]): string {
  return operatorOn(process.env.E2E_DATA_DIR!, ...args);
}

/** The same against the database in `dataDir` (the empty portal's: `E2E_EMPTY_DATA_DIR`). */
export function operatorOn(dataDir: string, ...args: string[]): string {
  return execFileSync(process.execPath, [path.join(root, 'packages/server/dist/cli.js'), ...args], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'portal.db')}`,
      SEED_DEMO: 'false',
    },
    encoding: 'utf8',
  });
}
