import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/types.js';
import * as repo from './repository.js';

const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Issues a new API token for a node's agent and returns it in plain text (shown once; only its hash is kept). The
 * previous token stops working at once.
 */
export async function issueNodeToken(db: Db, nodeId: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  if (!(await repo.setTokenHash(db, nodeId, hash(token)))) throw new Error(`node ${nodeId} does not exist`);
  return token;
}

/** Constant-time comparison of a presented token with the stored hash. */
export function tokenMatches(presented: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hash(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
