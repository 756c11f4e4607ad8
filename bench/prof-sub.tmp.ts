import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openDatabase } from '../packages/server/src/db/connection.js';
const dbUrl = process.argv[2]!;
const format = process.argv[3] ?? 'base64';
const database = openDatabase(dbUrl);
const now = new Date().toISOString();
const tokens = (await sql<{ link_token: string }>`select s.link_token from subscriptions s join users u on u.id = s.user_id
  where s.status = 'active' and s.end_at > ${now} and u.status = 'active' and (s.traffic_limit is null or s.traffic_used < s.traffic_limit) limit 2000`.execute(database.db)).rows.map((r) => r.link_token);
await database.db.updateTable('nodes').set({ status: 'online', last_heartbeat_at: now }).where('status', '!=', 'maintenance').execute();
await database.close();
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', 'packages/server/dist-bench/main.js'], {
  env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '4795', PUBLIC_URL: 'http://127.0.0.1:4795', DATABASE_URL: dbUrl, DATA_DIR: '/tmp/prof-data', LOG_LEVEL: 'error', SEED_DEMO: 'false', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123', RATE_LIMIT_MAX: '100000000' },
  stdio: 'inherit',
});
const base = 'http://127.0.0.1:4795';
for (;;) { try { const r = await fetch(`${base}/api/v1/portal/health`); if (r.ok) break; } catch {} await new Promise((r) => setTimeout(r, 200)); }
await new Promise((r) => setTimeout(r, 8000));
for (let i = 0; i < 3; i++) { const r = await fetch(`${base}/sub/${tokens[i]}?format=${format}`); console.log('status', r.status, (await r.arrayBuffer()).byteLength); }
await new Promise((r) => setTimeout(r, 3000));
let i = 0;
const res = await autocannon({ url: base, connections: 50, duration: 10, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/sub/${tokens[i++ % tokens.length]}?format=${format}` }) }] });
console.log('rps', res.requests.average, 'p50', res.latency.p50, 'p99', res.latency.p99, 'max', res.latency.max, 'statuses', JSON.stringify(res.statusCodeStats));
child.kill('SIGINT');
await new Promise((r) => child.on('exit', r));
