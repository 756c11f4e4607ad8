import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs an operators' command (`npm run cli -- …`) against the journeys' server database. */
export function operator(...args: string[]): string {
  const dataDir = process.env.E2E_DATA_DIR!;
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
