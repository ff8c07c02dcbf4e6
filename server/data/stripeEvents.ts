/**
 * Stripe's events as received: written once, then marked with what applying them did. Their own file
 * because they record the webhook's deliveries, not a payment.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { stripeEvents } from '../db/schema';

/**
 * Stripe's event, written once: false when it was already received (Stripe delivers at least once),
 * so the caller applies nothing twice. Written in the applying transaction, rolled back with it.
 */
export async function receiveEvent(
  tx: Db,
  event: { id: string; type: string; objectId: string | null; created: Date; at: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(stripeEvents)
    .values({
      id: event.id,
      type: event.type,
      objectId: event.objectId,
      created: event.created,
      receivedAt: event.at,
      outcome: 'ignored',
    })
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

export async function markEvent(tx: Db, id: string, outcome: 'applied' | 'ignored' | 'rejected') {
  await tx.update(stripeEvents).set({ outcome }).where(eq(stripeEvents.id, id));
}
