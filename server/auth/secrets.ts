import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Argon2id in @node-rs/argon2's `Algorithm` enum (a const enum, which this build cannot import). */
const ARGON2ID = 2;

/** argon2id at OWASP's recommended minimum: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2 = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when an account does not exist keeps sign-in timing the same either way.
let decoy: Promise<string> | null = null;
export async function verifyDecoy(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await decoy, password);
}

/** A random secret of 256 bits, URL-safe: tokens, reset codes, sign-in codes. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** Secrets are stored as SHA-256 hashes: a database leak does not leak usable tokens. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');
