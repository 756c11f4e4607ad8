import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import {
  NODE_PROTOCOLS,
  STAFF_ROLES,
  fenToString,
  isMoneyString,
  isStaffRole,
  parseMoneyToFen,
  type NodeProtocol,
  type UserRole,
} from '@portal/contract';
import pino from 'pino';
import { createAppContext, type AppContext } from './app-context.js';
import { environment, loadConfig, type AppConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { ANNOUNCED_PUBLIC_URL, getMeta } from './lib/meta-repository.js';
import { memoryRateLimiter } from './lib/rate-limiter.js';
import { resolveSecret } from './lib/secrets.js';
import { cliActor } from './lib/staff-actor.js';
import { seedDemoCatalogue } from './seed/demo-seed.js';

/** The server's configuration: the same environment and `.env` file `npm start` reads. */
let loaded: AppConfig | undefined;
function config(): AppConfig {
  loaded ??= loadConfig(environment());
  return loaded;
}

/**
 * The commands run on the same context as the server (every service built once, from the same configuration) and
 * go through the services: the CLI parses and answers, like a route.
 */
async function withContext<T>(run: (ctx: AppContext) => Promise<T>): Promise<T> {
  const cfg = config();
  const database = openDatabase(cfg.databaseUrl);
  try {
    await migrateToLatest(database.db);
    const secrets = { jwt: await resolveSecret(database.db, 'jwt', cfg.jwtSecret) };
    const log = pino({ level: 'warn' });
    const ctx = createAppContext({
      config: cfg,
      database,
      redis: null,
      secrets,
      limiter: memoryRateLimiter(),
      log,
    });
    try {
      return await run(ctx);
    } finally {
      await ctx.close();
    }
  } finally {
    await database.close();
  }
}

/** Links in a mail's text (verification, password reset, …), so an operator without SMTP can pass them on. */
function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}

/** `user:promote <email> [--role <role>]` (admin when not given) and `user:demote <email>`. */
function setRole(args: string[], promote: boolean): Promise<void> {
  return withContext(async ({ services }) => {
    const [email, flag, value] = args;
    const role = promote ? (flag === '--role' ? value : flag === undefined ? 'admin' : undefined) : 'user';
    if (!email || (promote && !isStaffRole(role)) || (!promote && flag !== undefined))
      throw new Error(
        promote
          ? `usage: user:promote <email> [--role ${STAFF_ROLES.join('|')}]`
          : 'usage: user:demote <email>',
      );
    if (!(await services.auth.setRole(email, role as UserRole))) throw new Error(`no user ${email}`);
    console.log(promote ? `${email} is now staff with the ${role} role` : `${email} is now a regular user`);
  });
}

/** Operators' commands: `npm run cli -- <command>`. Later features add their own commands here. */
const COMMANDS: Record<string, { help: string; run: (args: string[]) => Promise<void> }> = {
  'ledger:check': {
    help: "prove every user's balance equals the sum of their ledger (exit 1 otherwise)",
    run: () =>
      withContext(async ({ services }) => {
        const mismatches = await services.wallet.checkBooks();
        for (const m of mismatches)
          console.log(
            `user ${m.userId}: balance ${fenToString(m.balanceFen)} but ledger ${fenToString(m.ledgerFen)}`,
          );
        console.log(
          mismatches.length
            ? `${mismatches.length} account(s) do not balance`
            : 'every balance equals its ledger',
        );
        if (mismatches.length) process.exitCode = 1;
      }),
  },
  'balance:adjust': {
    help: '<email> <amount> [memo]: credit (or, with a minus sign, debit) a balance through the ledger',
    run: ([email, amount, ...memo]) =>
      withContext(async ({ services }) => {
        const negative = amount?.startsWith('-') ?? false;
        const plain = negative ? amount!.slice(1) : amount;
        if (!email || !plain || !isMoneyString(plain) || Number(plain) === 0)
          throw new Error('usage: balance:adjust <email> <amount like 10.00 or -5.00> [memo]');
        const user = await services.auth.findByEmail(email);
        if (!user) throw new Error(`no user ${email}`);
        const delta = (negative ? -1 : 1) * parseMoneyToFen(plain);
        const balance = await services.wallet.adjust(user.id, delta, memo.join(' ') || null);
        console.log(`${email}: balance now ${fenToString(balance)}`);
      }),
  },
  'payments:unmatched': {
    help: 'USDT transfers that matched no order or arrived after their order expired',
    run: () =>
      withContext(async ({ services }) => {
        const rows = await services.watcher.needingOperator();
        for (const r of rows) {
          console.log(
            [
              r.status,
              r.network,
              r.tx_hash,
              `${(r.usdt_micro / 1e6).toFixed(6)} USDT`,
              `from ${r.from_address}`,
              r.block_time ?? '',
            ].join('  '),
          );
        }
        console.log(`${rows.length} transfer(s) need an operator`);
      }),
  },
  'user:promote': {
    help: `<email> [--role ${STAFF_ROLES.join('|')}]: make a user staff with that role (admin when not given; the staff API under /api/v1/admin)`,
    run: (args) => setRole(args, true),
  },
  'user:reset-2fa': {
    help: '<email>: turn two-factor sign-in off for a user who lost their device (recorded in the audit log)',
    run: ([email]) =>
      withContext(async ({ services }) => {
        if (!email) throw new Error('usage: user:reset-2fa <email>');
        const user = await services.auth.findByEmail(email);
        if (!user) throw new Error(`no user ${email}`);
        const reset = await services.twoFactor.resetByOperator(user, cliActor(userInfo().username));
        console.log(
          reset
            ? `${user.email}: two-factor sign-in is off; they sign in with the password and enrol again at /security`
            : `${user.email} had no two-factor sign-in`,
        );
      }),
  },
  'user:verify': {
    help: '<email>: mark an email address as verified by hand (when no mail can reach the user)',
    run: ([email]) =>
      withContext(async ({ services }) => {
        if (!email) throw new Error('usage: user:verify <email>');
        const result = await services.auth.verifyByHand(email);
        if (!result) throw new Error(`no user ${email}`);
        const { user, already } = result;
        console.log(
          already
            ? `${user.email} was already verified (${user.email_verified_at})`
            : `${user.email} is verified; the user signs in again to use the full console`,
        );
      }),
  },
  'mail:outbox': {
    help: '[count]: the most recent mails (default 10) with their status and the links they carry',
    run: ([count]) =>
      withContext(async ({ mailer }) => {
        const limit = count === undefined ? 10 : Number(count);
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
          throw new Error('usage: mail:outbox [count from 1 to 1000]');
        const rows = await mailer.recent(limit);
        for (const m of rows) {
          console.log(`#${m.id}  ${m.created_at}  ${m.status.padEnd(7)}  ${m.kind}  to ${m.to_address}`);
          console.log(`    ${m.subject}`);
          for (const link of linksIn(m.text)) console.log(`    ${link}`);
          if (m.last_error) console.log(`    last error: ${m.last_error}`);
        }
        console.log(
          mailer.sends
            ? `${rows.length} mail(s); SMTP is set, so pending ones are being sent`
            : `${rows.length} mail(s); SMTP_URL is not set, so mails are kept here and in the log, not sent`,
        );
      }),
  },
  'user:demote': {
    help: '<email>: make a staff member a regular user again',
    run: (args) => setRole(args, false),
  },
  'node:list': {
    help: 'every node with its protocol, address, live status and whether its agent has a token',
    run: () =>
      withContext(async ({ services }) => {
        const rows = await services.nodes.all();
        for (const n of rows)
          console.log(
            [
              String(n.id).padStart(4),
              n.name.padEnd(24),
              n.protocol.padEnd(11),
              `${n.host}:${n.port}`.padEnd(28),
              n.effective_status.padEnd(11),
              n.token_hash ? 'token set' : 'no token',
            ].join(' '),
          );
        console.log(`${rows.length} node(s)`);
      }),
  },
  'node:add': {
    help: '--name N --region R --country CC --host H --port P --protocol vmess|vless|trojan|shadowsocks [--city C] [--network ws --path /p --ws-host h] [--tls --sni s] [--cipher c] [--rate 1.5] [--rule-id 7 --rule-name name]',
    run: (args) =>
      withContext(async ({ services }) => {
        const text = { type: 'string' } as const;
        const { values: o } = parseArgs({
          args,
          options: {
            name: text,
            region: text,
            country: text,
            city: text,
            host: text,
            port: text,
            protocol: text,
            network: text,
            path: text,
            'ws-host': text,
            sni: text,
            cipher: text,
            rate: text,
            'rule-id': text,
            'rule-name': text,
            tls: { type: 'boolean' },
          },
        });
        const get = (k: Exclude<keyof typeof o, 'tls'>): string | undefined => o[k];
        const port = Number(get('port'));
        const protocol = get('protocol') as NodeProtocol | undefined;
        const rate = get('rate') === undefined ? 1 : Number(get('rate'));
        if (!get('name') || !get('region') || !get('country') || !get('host'))
          throw new Error('--name, --region, --country and --host are required');
        if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('--port must be 1-65535');
        if (!protocol || !NODE_PROTOCOLS.includes(protocol))
          throw new Error(`--protocol must be one of ${NODE_PROTOCOLS.join(', ')}`);
        if (!(rate > 0 && rate <= 100)) throw new Error('--rate must be a multiplier above 0, like 1 or 1.5');
        const ruleId = get('rule-id') === undefined ? null : Number(get('rule-id'));
        if (ruleId !== null && !(Number.isInteger(ruleId) && ruleId > 0))
          throw new Error('--rule-id must be a positive whole number');
        const settings = {
          network: get('network') === 'ws' ? 'ws' : 'tcp',
          ...(get('path') ? { path: get('path') } : {}),
          ...(get('ws-host') ? { host: get('ws-host') } : {}),
          tls: o.tls === true,
          ...(get('sni') ? { sni: get('sni') } : {}),
          ...(get('cipher') ? { cipher: get('cipher') } : {}),
        };
        const id = await services.nodes.add({
          name: get('name')!,
          region: get('region')!,
          country: get('country')!.toUpperCase(),
          city: get('city') ?? null,
          host: get('host')!,
          port,
          protocol,
          settings,
          rate_percent: Math.round(rate * 100),
          inbound_rule_id: ruleId,
          rule_name: get('rule-name') ?? null,
        });
        console.log(`node ${id} added; give its agent a token with: npm run cli -- node:token ${id}`);
      }),
  },
  'node:token': {
    help: "<node id>: issue a new token for the node's agent (shown once; the old one stops working)",
    run: ([id]) =>
      withContext(async ({ database, services }) => {
        const nodeId = Number(id);
        if (!Number.isInteger(nodeId) || nodeId < 1) throw new Error('usage: node:token <node id>');
        const issued = await services.nodes.issueToken(nodeId);
        if (!issued) throw new Error(`no node ${id}`);
        const { token, protocol } = issued;
        // PUBLIC_URL when this command is given one; else the address the running server announced.
        const publicUrl = environment().PUBLIC_URL
          ? config().publicUrl
          : ((await getMeta(database.db, ANNOUNCED_PUBLIC_URL)) ?? config().publicUrl);
        console.log(`token: ${token}`);
        console.log(`agent settings (XrayR / V2bX, panel type V2board / UniProxy):`);
        console.log(`  ApiHost: ${publicUrl}   ApiKey: ${token}   NodeID: ${nodeId}   NodeType: ${protocol}`);
      }),
  },
  migrate: {
    help: 'apply every pending database migration',
    run: async () => {
      const database = openDatabase(config().databaseUrl);
      try {
        const applied = await migrateToLatest(database.db);
        console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
      } finally {
        await database.close();
      }
    },
  },
  'seed:demo': {
    help: 'seed the demo catalogue (packages, nodes, announcements, help) unless it was seeded before',
    run: async () => {
      const database = openDatabase(config().databaseUrl);
      try {
        await migrateToLatest(database.db);
        console.log(
          (await seedDemoCatalogue(database.db)) ? 'demo catalogue seeded' : 'already seeded; nothing done',
        );
      } finally {
        await database.close();
      }
    },
  },
};

function usage(): string {
  return [
    'usage: npm run cli -- <command>',
    '',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(18)} ${c.help}`),
  ].join('\n');
}

const [name, ...args] = process.argv.slice(2);
const command = name ? COMMANDS[name] : undefined;
if (!command) {
  console.error(usage());
  process.exit(name ? 2 : 0);
} else {
  command.run(args).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
