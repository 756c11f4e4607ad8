import { nowIso } from '../../db/time.js';
import type { Db, EmailTokensTable } from '../../db/types.js';

type Purpose = EmailTokensTable['purpose'];

/** Stores a new single-use token (hashed) and retires the user's earlier ones of the same purpose. */
export async function insertEmailToken(
  db: Db,
  userId: number,
  purpose: Purpose,
  tokenHash: string,
  expiresAt: string,
): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('email_tokens')
    .values({
      user_id: userId,
      purpose,
      token_hash: tokenHash,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
}

export function findEmailToken(db: Db, purpose: Purpose, tokenHash: string) {
  return db
    .selectFrom('email_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** Uses a token once; false when it was already used (also by a concurrent request). */
export async function consumeEmailToken(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('email_tokens')
    .set({ used_at: nowIso() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
