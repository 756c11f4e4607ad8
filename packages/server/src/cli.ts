import { loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { randomUUID } from 'node:crypto';
import { fenToString, isMoneyString, parseMoneyToFen } from '@portal/contract';
import { changeBalance, checkLedger } from './modules/wallet/ledger.js';
import { seedDemoCatalogue } from './seed/demo-seed.js';

async function withDatabase<T>(run: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>): Promise<T> {
  const database = openDatabase(loadConfig().databaseUrl);
  try {
    await migrateToLatest(database.db);
    return await run(database.db);
  } finally {
    await database.close();
  }
}

/** Operators' commands: `npm run cli -- <command>`. Later features add their own commands here. */
const COMMANDS: Record<string, { help: string; run: (args: string[]) => Promise<void> }> = {
  'ledger:check': {
    help: "prove every user's balance equals the sum of their ledger (exit 1 otherwise)",
    run: () =>
      withDatabase(async (db) => {
        const mismatches = await checkLedger(db);
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
      withDatabase(async (db) => {
        const negative = amount?.startsWith('-') ?? false;
        const plain = negative ? amount!.slice(1) : amount;
        if (!email || !plain || !isMoneyString(plain) || Number(plain) === 0)
          throw new Error('usage: balance:adjust <email> <amount like 10.00 or -5.00> [memo]');
        const user = await db
          .selectFrom('users')
          .select('id')
          .where('email', '=', email.toLowerCase())
          .executeTakeFirst();
        if (!user) throw new Error(`no user ${email}`);
        const delta = (negative ? -1 : 1) * parseMoneyToFen(plain);
        const balance = await db.transaction().execute((trx) =>
          changeBalance(trx, {
            userId: user.id,
            deltaFen: delta,
            kind: 'admin_adjust',
            reference: `cli:${randomUUID()}`,
            memo: memo.join(' ') || null,
          }),
        );
        console.log(`${email}: balance now ${fenToString(balance)}`);
      }),
  },
  'payments:unmatched': {
    help: 'USDT transfers that matched no order or arrived after their order expired',
    run: () =>
      withDatabase(async (db) => {
        const rows = await db
          .selectFrom('chain_transfers')
          .selectAll()
          .where('status', 'in', ['unmatched', 'late'])
          .orderBy('id')
          .execute();
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
  migrate: {
    help: 'apply every pending database migration',
    run: async () => {
      const database = openDatabase(loadConfig().databaseUrl);
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
      const database = openDatabase(loadConfig().databaseUrl);
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
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(12)} ${c.help}`),
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
