import type { Kysely } from 'kysely';
import { isoAfter, nowIso } from '../db/time.js';
import type { Database } from '../db/types.js';

/**
 * A database lease so that, with several instances of the server, one at a time runs a job. The holder renews it on
 * every run; if the holder dies, another instance takes over once it expires.
 */
export async function acquireLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  ttlMs: number,
): Promise<boolean> {
  const now = nowIso();
  await db
    .insertInto('job_leases')
    .values({ name, holder, expires_at: isoAfter(ttlMs) })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: isoAfter(ttlMs) })
        .where((eb) => eb.or([eb('job_leases.expires_at', '<', now), eb('job_leases.holder', '=', holder)])),
    )
    .execute();
  const row = await db.selectFrom('job_leases').select('holder').where('name', '=', name).executeTakeFirst();
  return row?.holder === holder;
}

export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
}
