import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from '../schema-helpers.js';
import { emailNormalForm0030 } from './frozen/email-normal-form-0030.js';

interface Row {
  id: number;
  email: string;
}

/**
 * Addresses in their normal form (issue 20 §3): every account's address becomes the form the contract now gives
 * every typed address, so `users.email`'s unique index holds on the normal form. Two accounts whose addresses have
 * the same normal form (`x@example.com` and `x@example.com.`, `x@bücher.de` and `x@xn--bcher-kva.de`) are not
 * merged and neither is lost: the one already in normal form, else the oldest, gets it; the others keep their
 * address as it was and are listed in `email_conflicts` with the account that has it, for an operator to settle
 * (they can no longer sign in by password with it). An address without a domain to convert is listed too and kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('email_conflicts'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('normal_form', 'text')
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason in ('same_normal_form', 'no_normal_form')`),
    )
    .addColumn('same_as_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  const rows = (await sql<Row>`select id, email from users order by id`.execute(db)).rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
  }));
  const groups = new Map<string, Row[]>();
  const conflicts: {
    user_id: number;
    email: string;
    normal_form: string | null;
    reason: string;
    same_as: number | null;
  }[] = [];
  for (const row of rows) {
    const normal = emailNormalForm0030(row.email);
    if (normal === null) {
      conflicts.push({
        user_id: row.id,
        email: row.email,
        normal_form: null,
        reason: 'no_normal_form',
        same_as: null,
      });
      continue;
    }
    const group = groups.get(normal) ?? [];
    group.push(row);
    groups.set(normal, group);
  }
  const changes: { id: number; email: string }[] = [];
  for (const [normal, group] of groups) {
    const keeper = group.find((r) => r.email === normal) ?? group[0]!;
    if (keeper.email !== normal) changes.push({ id: keeper.id, email: normal });
    for (const other of group) {
      if (other !== keeper)
        conflicts.push({
          user_id: other.id,
          email: other.email,
          normal_form: normal,
          reason: 'same_normal_form',
          same_as: keeper.id,
        });
    }
  }

  const now = new Date().toISOString();
  const write = async (trx: Kysely<unknown>) => {
    // No address a keeper takes is held by another row: a row holding a normal form is in that form's group.
    for (const change of changes)
      await sql`update users set email = ${change.email}, updated_at = ${now} where id = ${change.id}`.execute(
        trx,
      );
    for (const c of conflicts)
      await sql`insert into email_conflicts (user_id, email, normal_form, reason, same_as_user_id, created_at)
        values (${c.user_id}, ${c.email}, ${c.normal_form}, ${c.reason}, ${c.same_as}, ${now})`.execute(trx);
  };
  // PostgreSQL runs each migration in a transaction already; SQLite's migrations run outside one.
  if (isPostgres(db)) await write(db);
  else await db.transaction().execute(write);
  if (conflicts.length > 0)
    console.warn(
      `migration 0030: ${conflicts.length} account address(es) left as they were, listed in email_conflicts`,
    );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_conflicts').execute();
}
