import { eq } from 'drizzle-orm';
import { newSecret } from '../auth/secrets';
import type { Db } from '../db/client';
import { serverKeys } from '../db/schema';

/**
 * `device-cookie`: the HMAC of the device cookies; `stripe-keys`: where Stripe idempotency keys are
 * unique; `staff-setup`: the token of the back office's setup link, until its first admin enrols.
 */
export type ServerKeyName = 'device-cookie' | 'stripe-keys' | 'staff-setup';

// A key never changes once made, so each database's is read once per process.
const known = new WeakMap<Db, Map<ServerKeyName, Promise<string>>>();

/**
 * The server's key of that name, made on first use. Replicas starting together may each make one:
 * the first stored wins and every process reads that one back, so they all sign alike.
 */
export function serverKey(db: Db, name: ServerKeyName): Promise<string> {
  const keys = known.get(db) ?? new Map<ServerKeyName, Promise<string>>();
  known.set(db, keys);
  const cached = keys.get(name);
  if (cached) return cached;
  const loading = loadOrMake(db, name);
  keys.set(name, loading);
  // A failed read (the database away for a moment) is tried again by the next request.
  loading.catch(() => keys.delete(name));
  return loading;
}

async function loadOrMake(db: Db, name: ServerKeyName): Promise<string> {
  await db.insert(serverKeys).values({ name, secret: newSecret() }).onConflictDoNothing();
  const secret = await storedServerKey(db, name);
  if (secret === null) throw new Error(`The server key "${name}" was not stored.`);
  return secret;
}

/** The stored key of that name, read now (not from this process's cache), or null when there is none. */
export async function storedServerKey(db: Db, name: ServerKeyName): Promise<string | null> {
  const [row] = await db
    .select({ secret: serverKeys.secret })
    .from(serverKeys)
    .where(eq(serverKeys.name, name));
  return row?.secret ?? null;
}

/** Removes a key for good (a used setup token): the next `serverKey` of that name would make a new one. */
export async function forgetServerKey(db: Db, name: ServerKeyName): Promise<void> {
  await db.delete(serverKeys).where(eq(serverKeys.name, name));
  known.get(db)?.delete(name);
}
