// Part of `npm run check`: the Node.js versions we support (package.json "engines") must satisfy every installed
// package's own "engines.node", so `npm ci` never warns EBADENGINE and nothing needs a newer Node than we promise.
// The oldest release of each supported line stands for the line. A dependency that drops one of them is either
// kept at an older version or overridden (package.json "overrides") to one that still supports it.
import { readFileSync } from 'node:fs';
import semver from 'semver';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const supported = root.engines?.node;
if (!supported) throw new Error('package.json has no engines.node');

// The first release of each major line the range admits (20.19.0, 22.13.0 and 24.0.0).
const lines = supported.split('||').map((part) => semver.minVersion(part.trim())?.version);
if (lines.some((v) => !v)) throw new Error(`cannot read engines.node "${supported}"`);

const problems = [];
for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  const wanted = entry.engines?.node;
  if (!where || !wanted || typeof wanted !== 'string') continue;
  const refused = lines.filter((v) => !semver.satisfies(v, wanted, { includePrerelease: true }));
  if (refused.length > 0)
    problems.push(`${where}@${entry.version} needs node ${wanted} (not ${refused.join(', ')})`);
}
if (problems.length > 0) {
  console.error(`Packages that refuse a Node.js version package.json supports (${supported}):`);
  for (const line of problems) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`engines: every package runs on Node.js ${lines.join(', ')} (${supported})`);
