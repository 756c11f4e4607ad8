import { availableParallelism } from 'node:os';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { AppError } from '../../lib/app-error.js';
import { WorkGate } from '../../lib/work-gate.js';

/** argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane). */
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** When the queue is full, the client is told to come back after this long. */
const RETRY_AFTER_SECONDS = 1;

/**
 * Every hash and check waits its turn here: one at a time per core, two per core waiting (a login then waits at most
 * about two hash times), the rest answered at once with 50003 and Retry-After. Each hash is 19 MiB of memory and tens
 * of milliseconds of a core in libuv's thread pool; unbounded, a login storm filled the pool and every other request
 * (token checks, file reads) waited behind it. Login, registration, password change and reset all pass here.
 */
const gate = new WorkGate(
  availableParallelism(),
  2 * availableParallelism(),
  () => new AppError('SERVER_BUSY', { retry_after_seconds: RETRY_AFTER_SECONDS }),
);

/** Sets the bounds of password work (tests; an operator tuning a host). */
export function limitPasswordWork(concurrency: number, queue: number): void {
  gate.resize(concurrency, queue);
}

export function passwordWorkLoad(): { running: number; waiting: number } {
  return gate.load;
}

export function hashPassword(password: string): Promise<string> {
  return gate.run(() => hash(password, OPTIONS));
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password. Without a stored hash (unknown account, or one created by third-party sign-in) a dummy hash is
 * checked all the same, so the answer takes as long and reveals nothing. 50003 (SERVER_BUSY) when too many checks
 * are already waiting: the password was not checked, so it counts as no attempt.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('dummy password to spend the same time', OPTIONS);
    const dummy = await dummyHash;
    await gate.run(() => verify(dummy, password).catch(() => false));
    return false;
  }
  return gate.run(() => verify(stored, password).catch(() => false));
}
