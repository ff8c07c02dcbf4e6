import { serverKey } from '../data/serverKeys';
import type { Db } from '../db/client';

/**
 * This database's space for Stripe idempotency keys: the start of a key made once and shared by every
 * replica (server_keys), so the keys of two databases on one Stripe account never meet.
 */
export const stripeKeySpace = (db: Db) => async () => (await serverKey(db, 'stripe-keys')).slice(0, 16);
