/**
 * Placing a cart: its items checked again, the company's terms, the invoice and its payment, one order
 * per item, all in one transaction. Its own file because checkout is a step of its own, beside the
 * cart's everyday editing (carts.ts).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BillingContact } from '../../contract/cart';
import { companyTermsOf, invoiceDecision } from '../billing/terms';
import type { Db } from '../db/client';
import { cartItems, carts, type OrderPricing, orders, users } from '../db/schema';
import type { Jobs } from '../jobs/queue';
import { queueMail } from '../mail/events';
import type { Run } from '../orders/runs';
import { lockUserCart } from './accountCarts';
import { type CartItemRow, canSee, inCart, resolveCart } from './carts';
import { issueInvoice } from './invoices';
import { writeOrderRuns } from './orderRuns';
import { createPayment } from './payments';

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
    // A card checkout's confirmation goes once it is paid (settleSucceeded, server/data/paymentSettlement.ts).
    if (!input.payBy) await queueMail(send, { event: 'order.placed', cartUuid: cart.uuid });
    return { status: 'placed', cartUuid: cart.uuid };
  });
}
