// Bundles the server (and the contract it imports) into dist/ for `npm start`. Native and large runtime packages
// stay external and are loaded from node_modules.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@portal/contract');

await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  // SERVER_OUTDIR lets parallel work build its own copy (it must stay inside packages/server for node_modules).
  outdir: process.env.SERVER_OUTDIR ?? 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'pino-pretty'],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'info',
});
