import { nowIso } from '../../db/time.js';
import type { Db } from '../../db/types.js';

export async function insertState(
  db: Db,
  row: {
    state: string;
    provider: string;
    mode: 'login' | 'bind';
    userId: number | null;
    verifier: string;
    expiresAt: string;
  },
): Promise<void> {
  await db
    .insertInto('oauth_states')
    .values({
      state: row.state,
      provider: row.provider,
      mode: row.mode,
      user_id: row.userId,
      code_verifier: row.verifier,
      created_at: nowIso(),
      expires_at: row.expiresAt,
    })
    .execute();
}

/** Takes a state out (single use); undefined when unknown, expired, or issued for another provider or mode. */
export async function consumeState(db: Db, state: string, provider: string, mode: 'login' | 'bind') {
  const row = await db
    .deleteFrom('oauth_states')
    .where('state', '=', state)
    .returningAll()
    .executeTakeFirst();
  if (!row || row.provider !== provider || row.mode !== mode || row.expires_at <= nowIso()) return undefined;
  return row;
}

export async function deleteExpiredStates(db: Db): Promise<void> {
  await db.deleteFrom('oauth_states').where('expires_at', '<=', nowIso()).execute();
}

export function findAccount(db: Db, provider: string, providerUserId: string) {
  return db
    .selectFrom('oauth_accounts')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_user_id', '=', providerUserId)
    .executeTakeFirst();
}

export function listAccounts(db: Db, userId: number) {
  return db
    .selectFrom('oauth_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function insertAccount(
  db: Db,
  row: {
    userId: number;
    provider: string;
    providerUserId: string;
    email: string | null;
    name: string | null;
  },
): Promise<void> {
  await db
    .insertInto('oauth_accounts')
    .values({
      user_id: row.userId,
      provider: row.provider,
      provider_user_id: row.providerUserId,
      email: row.email,
      name: row.name,
      created_at: nowIso(),
    })
    .execute();
}

export async function deleteAccount(db: Db, userId: number, provider: string): Promise<boolean> {
  const result = await db
    .deleteFrom('oauth_accounts')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
