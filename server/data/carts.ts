/**
 * A cart and its items: following a merged cart's uuid, adding, changing, removing and restoring an
 * item, and reading a cart's items and orders. The account's cart (sign-in) and placing a cart each
 * have a file of their own (accountCarts.ts, placeCart.ts).
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type CampaignDetails, cartItems, carts, orders } from '../db/schema';

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** How many merges a cart uuid is followed through (a merged cart points at an open one; one hop is usual). */
const MAX_HOPS = 4;

/**
 * The cart a uuid leads to: the cart itself, or for an anonymous cart merged on sign-in the cart it
 * was merged into. With `lock`, the row is locked until the transaction ends (`FOR UPDATE`), so
 * changes to one cart (adding, removing, placing) happen one after the other.
 */
export async function resolveCart(db: Db, uuid: string, lock = false): Promise<CartRow | null> {
  let current = uuid;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    const query = db.select().from(carts).where(eq(carts.uuid, current)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) return null;
    if (!row.mergedInto) return row;
    current = row.mergedInto;
  }
  return null;
}

/**
 * The items a cart holds now: a removed item keeps its row (its removal can be undone) but is in no
 * cart's count, view, order or merge.
 */
export const inCart = (cartUuid: string) =>
  and(eq(cartItems.cartUuid, cartUuid), isNull(cartItems.removedAt));

/** A cart's item by id, among those it holds now. */
const heldItem = (cartUuid: string, itemId: number) => and(inCart(cartUuid), eq(cartItems.id, itemId));

/** A cart owned by an account is only for that account; an anonymous one for whoever has its uuid. */
export const canSee = (cart: CartRow, userId: string | null) =>
  cart.userId === null || cart.userId === userId;

export async function createCart(db: Db, userId: string | null, now: Date): Promise<CartRow> {
  const [row] = await db.insert(carts).values({ userId, createdAt: now, updatedAt: now }).returning();
  if (!row) throw new Error('The cart was not created.');
  return row;
}

export async function addItem(
  db: Db,
  item: {
    cartUuid: string;
    mediacode: string;
    dates: string[];
    quantity: number;
    priceCents: number;
    /** A direct-mail campaign's routes or zip codes. */
    details?: CampaignDetails | null;
  },
  now: Date,
): Promise<CartItemRow> {
  const [row] = await db
    .insert(cartItems)
    .values({ ...item, createdAt: now })
    .returning();
  if (!row) throw new Error('The item was not added.');
  await touch(db, item.cartUuid, now);
  return row;
}

/**
 * Removes an item from a cart, keeping its row marked removed so the removal can be undone; false when
 * the cart holds no such item.
 */
export async function removeItem(db: Db, cartUuid: string, itemId: number, now: Date): Promise<boolean> {
  const removed = await db
    .update(cartItems)
    .set({ removedAt: now })
    .where(heldItem(cartUuid, itemId))
    .returning({ id: cartItems.id });
  if (removed.length > 0) await touch(db, cartUuid, now);
  return removed.length > 0;
}

/** A cart's item by id; null when the cart holds no such item (or it was removed). */
export async function itemOf(db: Db, cartUuid: string, itemId: number): Promise<CartItemRow | null> {
  const [row] = await db.select().from(cartItems).where(heldItem(cartUuid, itemId)).limit(1);
  return row ?? null;
}

/** A removed item of a cart by id, which an undo may put back; null when there is none. */
export async function removedItemOf(db: Db, cartUuid: string, itemId: number): Promise<CartItemRow | null> {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.cartUuid, cartUuid), eq(cartItems.id, itemId), isNotNull(cartItems.removedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Puts a removed item back with the same id, so in its place (items are ordered by when they were
 * added), at its price of today.
 */
export async function restoreItem(
  db: Db,
  item: { cartUuid: string; itemId: number; priceCents: number },
  now: Date,
): Promise<void> {
  await db
    .update(cartItems)
    .set({ priceCents: item.priceCents, removedAt: null })
    .where(and(eq(cartItems.cartUuid, item.cartUuid), eq(cartItems.id, item.itemId)));
  await touch(db, item.cartUuid, now);
}

/** Gives an item new dates, quantity and price; it keeps its place among the cart's items. */
export async function changeItem(
  db: Db,
  item: { cartUuid: string; itemId: number; dates: string[]; quantity: number; priceCents: number },
  now: Date,
): Promise<void> {
  const { cartUuid, itemId, ...change } = item;
  await db.update(cartItems).set(change).where(heldItem(cartUuid, itemId));
  await touch(db, cartUuid, now);
}

const touch = (db: Db, cartUuid: string, now: Date) =>
  db.update(carts).set({ updatedAt: now }).where(eq(carts.uuid, cartUuid));

/** A cart's items, newest first. */
export async function itemsOf(db: Db, cartUuid: string): Promise<CartItemRow[]> {
  return db
    .select()
    .from(cartItems)
    .where(inCart(cartUuid))
    .orderBy(desc(cartItems.createdAt), desc(cartItems.id));
}

/** A cart's orders, in the order of its items. */
export async function ordersOfCart(db: Db, cartUuid: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.cartUuid, cartUuid)).orderBy(asc(orders.id));
}

export async function cartItemsByIds(db: Db, ids: readonly number[]): Promise<Map<number, CartItemRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(cartItems)
    .where(inArray(cartItems.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}
