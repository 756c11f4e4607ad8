import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { getMeta, insertMetaIfAbsent } from './meta-repository.js';

/**
 * A secret from the configuration, or else the one generated on first start and kept in the database, so every
 * instance of the server (and every restart) uses the same value. Concurrent first starts agree on one value.
 */
export async function resolveSecret(
  db: Kysely<Database>,
  name: string,
  given: string | null,
): Promise<string> {
  if (given) return given;
  const key = `secret:${name}`;
  const existing = await getMeta(db, key);
  if (existing) return existing;
  await insertMetaIfAbsent(db, key, randomBytes(48).toString('base64url'));
  const stored = await getMeta(db, key);
  if (!stored) throw new Error(`could not persist secret ${name}`);
  return stored;
}
