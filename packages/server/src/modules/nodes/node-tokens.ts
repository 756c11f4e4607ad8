import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Database } from '../../db/types.js';

const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Issues a new API token for a node's agent and returns it in plain text (shown once; only its hash is kept). The
 * previous token stops working at once.
 */
export async function issueNodeToken(db: Kysely<Database>, nodeId: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const result = await db
    .updateTable('nodes')
    .set({ token_hash: hash(token), updated_at: nowIso() })
    .where('id', '=', nodeId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new Error(`node ${nodeId} does not exist`);
  return token;
}

/** Constant-time comparison of a presented token with the stored hash. */
export function tokenMatches(presented: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hash(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
