import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { BillingContact } from '../../contract/cart';
import { companyTermsOf, invoiceDecision } from '../billing/terms';
import type { Db } from '../db/client';
import { type CampaignDetails, cartItems, carts, type OrderPricing, orders, users } from '../db/schema';
import type { Jobs } from '../jobs/queue';
import { queueMail } from '../mail/events';
import type { Run } from '../orders/runs';
import { issueInvoice } from './invoices';
import { writeOrderRuns } from './orderRuns';
import { createPayment } from './payments';

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
const inCart = (cartUuid: string) => and(eq(cartItems.cartUuid, cartUuid), isNull(cartItems.removedAt));

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

/** The account's current cart uuid, with the account row locked for the rest of the transaction. */
async function lockUserCart(db: Db, userId: string): Promise<string | null> {
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

export type PlaceResult =
  | { status: 'placed' | 'repeated'; cartUuid: string }
  | { status: 'not-found' | 'already-placed' | 'empty' | 'key-used' | 'changed' }
  | { status: 'stale'; problems: string[] }
  /** Issue 32: the company may not be invoiced for it (card-only terms, or over its credit limit). */
  | { status: 'refused'; message: string };

/**
 * Whether an item can still be ordered as it is in the cart: null when it can; otherwise why not, and
 * its price today when only the price changed (the cart takes the new price; the buyer looks again).
 */
export type ItemCheck = (
  tx: Db,
  item: CartItemRow,
) => Promise<null | { problem: string; priceCents?: number }>;

/** What an order keeps of its item: when it runs, until when it can be cancelled, its price lines and runs. */
export type TermsOf = (
  tx: Db,
  item: CartItemRow,
) => Promise<{ startsAt: Date; endsAt: Date; cancelBy: Date; pricing: OrderPricing; runs: Run[] }>;

/**
 * Places a cart: one order per item, in one transaction. The cart row is locked first, so requests
 * for the same cart run one after the other: a repeat with the same idempotency key finds the cart
 * placed with that key and answers its orders again, creating nothing.
 */
export async function placeCart(
  db: Db,
  jobs: Pick<Jobs, 'inTransaction'>,
  input: {
    cartUuid: string;
    userId: string;
    companyId: number;
    idempotencyKey: string;
    billing: BillingContact;
    /** The items the buyer saw: exactly these are ordered, or nothing. */
    itemIds: readonly number[];
    check: ItemCheck;
    terms: TermsOf;
    now: Date;
    /** A card checkout: paid before `payBy` on Stripe's page, or released; null for an invoice. */
    payBy: Date | null;
  },
): Promise<PlaceResult> {
  return jobs.inTransaction(db, async (tx, send): Promise<PlaceResult> => {
    // Locks are taken account first, then cart, everywhere (adoption, adding), so they never deadlock.
    await lockUserCart(tx, input.userId);
    const cart = await resolveCart(tx, input.cartUuid, true);
    if (!cart || !canSee(cart, input.userId)) return { status: 'not-found' };
    if (cart.status === 'placed') {
      return cart.idempotencyKey === input.idempotencyKey
        ? { status: 'repeated', cartUuid: cart.uuid }
        : { status: 'already-placed' };
    }
    const [keyUsed] = await tx
      .select({ uuid: carts.uuid })
      .from(carts)
      .where(eq(carts.idempotencyKey, input.idempotencyKey))
      .limit(1);
    if (keyUsed) return { status: 'key-used' };
    const items = await tx.select().from(cartItems).where(inCart(cart.uuid)).orderBy(asc(cartItems.id));
    if (items.length === 0) return { status: 'empty' };
    const seen = new Set(input.itemIds);
    if (seen.size !== items.length || items.some((item) => !seen.has(item.id))) return { status: 'changed' };
    // Dates pass and prices change while a cart waits: each item is quoted again before it is ordered.
    const problems: string[] = [];
    for (const item of items) {
      const checked = await input.check(tx, item);
      if (!checked) continue;
      problems.push(checked.problem);
      if (checked.priceCents !== undefined)
        await tx.update(cartItems).set({ priceCents: checked.priceCents }).where(eq(cartItems.id, item.id));
    }
    if (problems.length > 0) return { status: 'stale', problems };

    // Issue 32: the company's terms decide whether it may be invoiced, and when the invoice is due.
    // For an invoice its row is locked, so two checkouts of one company count each other against its
    // credit limit; a card checkout only reads its rep (card invoices never count against the limit).
    const company = await companyTermsOf(tx, input.companyId, !input.payBy);
    const totalCents = items.reduce((sum, item) => sum + item.priceCents, 0);
    let termsDays: number | undefined;
    if (!input.payBy) {
      const decided = await invoiceDecision(tx, input.companyId, company, totalCents, input.now);
      if ('refused' in decided) return { status: 'refused', message: decided.refused };
      termsDays = decided.days;
    }

    // One invoice for the checkout, its lines the orders made just below.
    const invoiceId = await issueInvoice(tx, {
      companyId: input.companyId,
      cartUuid: cart.uuid,
      billTo: input.billing,
      now: input.now,
      ...(input.payBy ? { payBy: input.payBy } : {}),
      ...(termsDays !== undefined ? { termsDays } : {}),
    });
    if (input.payBy)
      await createPayment(tx, {
        invoiceId,
        companyId: input.companyId,
        purpose: 'checkout',
        amountCents: totalCents,
        createdBy: input.userId,
        now: input.now,
      });
    const values = [];
    const runsOfItem = new Map<number, Run[]>();
    for (const item of items) {
      const { runs, ...terms } = await input.terms(tx, item);
      runsOfItem.set(item.id, runs);
      values.push({
        cartUuid: cart.uuid,
        cartItemId: item.id,
        userId: input.userId,
        companyId: input.companyId,
        // Numbered from the order's own id just below, in this transaction.
        number: `pending-${item.id}`,
        billing: input.billing,
        totalCents: item.priceCents,
        placedAt: input.now,
        invoiceId,
        // Issue 32: the company's rep at this moment, whom the sale counts for.
        repStaffId: company.repStaffId,
        ...terms,
      });
    }
    const created = await tx
      .insert(orders)
      .values(values)
      .returning({ id: orders.id, cartItemId: orders.cartItemId });
    const year = String(input.now.getUTCFullYear() % 100).padStart(2, '0');
    await tx
      .update(orders)
      // At least six digits; lpad alone would cut a longer id short (and collide with another number).
      .set({
        number: sql`'AD-' || ${year} || '-' || lpad(${orders.id}::text, greatest(6, length(${orders.id}::text)), '0')`,
      })
      .where(eq(orders.cartUuid, cart.uuid));
    for (const order of created) {
      await tx.update(cartItems).set({ orderId: order.id }).where(eq(cartItems.id, order.cartItemId));
      await writeOrderRuns(tx, order.id, runsOfItem.get(order.cartItemId) ?? []);
    }
    await tx
      .update(carts)
      .set({
        status: 'placed',
        userId: input.userId,
        placedAt: input.now,
        updatedAt: input.now,
        idempotencyKey: input.idempotencyKey,
      })
      .where(eq(carts.uuid, cart.uuid));
    // The next item starts a new cart.
    await tx
      .update(users)
      .set({ cartUuid: null })
      .where(and(eq(users.id, input.userId), inArray(users.cartUuid, [cart.uuid, input.cartUuid])));
    // A card checkout's confirmation goes once it is paid (settleSucceeded, server/data/payments.ts).
    if (!input.payBy) await queueMail(send, { event: 'order.placed', cartUuid: cart.uuid });
    return { status: 'placed', cartUuid: cart.uuid };
  });
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
