import { eq } from 'drizzle-orm';
import { newSecret } from '../auth/secrets';
import type { Db } from '../db/client';
import { serverKeys } from '../db/schema';

/** `device-cookie`: the HMAC of the device cookies; `stripe-keys`: where Stripe idempotency keys are unique. */
export type ServerKeyName = 'device-cookie' | 'stripe-keys';

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
  const [row] = await db
    .select({ secret: serverKeys.secret })
    .from(serverKeys)
    .where(eq(serverKeys.name, name));
  if (!row) throw new Error(`The server key "${name}" was not stored.`);
  return row.secret;
}
