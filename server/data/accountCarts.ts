/**
 * The cart an account shops with (its `cart_uuid`): locking it, reading it, and adopting the browser's
 * cart on sign-in. Its own file because it is about the account's row, where carts.ts is about carts.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cartItems, carts, users } from '../db/schema';
import { type CartRow, canSee, resolveCart } from './carts';

/** The account's current cart uuid, with the account row locked for the rest of the transaction. */
export async function lockUserCart(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ cartUuid: users.cartUuid })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .for('update');
  return row?.cartUuid ?? null;
}

export async function setUserCart(db: Db, userId: string, cartUuid: string | null) {
  await db.update(users).set({ cartUuid }).where(eq(users.id, userId));
}

/**
 * The open cart an account is shopping with (its `cart_uuid`), locked; null when it has none, or the
 * one it points to was placed or is not its own.
 */
export async function openCartOf(db: Db, userId: string): Promise<CartRow | null> {
  const uuid = await lockUserCart(db, userId);
  if (!uuid) return null;
  const cart = await resolveCart(db, uuid, true);
  return cart && cart.status === 'open' && canSee(cart, userId) ? cart : null;
}

/**
 * On sign-in (`GET /me?cart=`), the browser's cart joins the account. An anonymous cart becomes the
 * account's; when the account already has an open cart, the anonymous cart's items move into it and
 * the anonymous uuid leads there from now on. A cart of another account is never taken, a placed one
 * is left as it is, and an unknown uuid is only remembered when the account has no cart yet (the
 * behaviour of GET /me before carts were stored here).
 */
export async function adoptCartOnSignIn(db: Db, userId: string, cartUuid: string, now: Date) {
  await db.transaction(async (tx) => {
    const current = await lockUserCart(tx, userId);
    const cart = await resolveCart(tx, cartUuid, true);
    if (!cart) {
      if (!current) await setUserCart(tx, userId, cartUuid);
      return;
    }
    if (!canSee(cart, userId) || cart.status !== 'open') return;
    const own = current && current !== cart.uuid ? await resolveCart(tx, current, true) : null;
    const target = own && own.uuid !== cart.uuid && own.status === 'open' && canSee(own, userId) ? own : null;
    if (target && cart.userId === null) {
      // Removed items move too, still removed: the same person may press Undo on the page they signed
      // in on, and the undo, sent to the merged cart, is followed to the account's.
      await tx.update(cartItems).set({ cartUuid: target.uuid }).where(eq(cartItems.cartUuid, cart.uuid));
      await tx
        .update(carts)
        .set({ userId, mergedInto: target.uuid, updatedAt: now })
        .where(eq(carts.uuid, cart.uuid));
      await tx.update(carts).set({ userId, updatedAt: now }).where(eq(carts.uuid, target.uuid));
      if (current !== target.uuid) await setUserCart(tx, userId, target.uuid);
      return;
    }
    if (target) return; // a second open cart of the same account stays as it is
    await tx.update(carts).set({ userId, updatedAt: now }).where(eq(carts.uuid, cart.uuid));
    await setUserCart(tx, userId, cart.uuid);
  });
}
