import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers.js';

/**
 * Two-factor sign-in (issue 17): each account's TOTP secret (encrypted, the last time step used), its recovery
 * codes (hashed, single use), the short-lived challenges between the password and the code, and on each session
 * when its second factor was proven (the staff guard needs it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    /** AES-256-GCM under a key derived from the app's secret (lib/secret-box.ts); never the plain secret. */
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    /** null while enrolment waits for its first code. */
    .addColumn('enabled_at', 'text')
    /** The last TOTP time step accepted: a code (its step) is good once. */
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('two_factor_recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('two_factor_recovery_codes_user')
    .on('two_factor_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .unique()
    .execute();

  await db.schema
    .createTable('two_factor_challenges')
    /** sha256 of the token handed to the client. */
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remember_me', 'integer', (c) => c.notNull().defaultTo(0))
    /** Third-party sign-in: whether the account was created by it (the answer says so once signed in). */
    .addColumn('first_login', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('two_factor_challenges_expiry')
    .on('two_factor_challenges')
    .column('expires_at')
    .execute();

  await db.schema.alterTable('sessions').addColumn('two_factor_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('two_factor_at').execute();
  await db.schema.dropTable('two_factor_challenges').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor').execute();
}
