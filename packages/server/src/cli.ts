import { loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoCatalogue } from './seed/demo-seed.js';

/** Operators' commands: `npm run cli -- <command>`. Later features add their own commands here. */
const COMMANDS: Record<string, { help: string; run: (args: string[]) => Promise<void> }> = {
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
