import { and, asc, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cartItems, invoices, media, orders, payments } from '../db/schema';
import type { CheckoutLine } from '../payments/gateway';
import type { InvoiceRow } from './invoices';
import type { PaymentRow } from './payments';

/** A cart placed to be paid by card: its invoice and the latest try at paying it on Stripe's page. */
export interface CardCheckout {
  cartUuid: string;
  invoice: InvoiceRow;
  /** Null only for a checkout placed before its payment row could be written (none today). */
  payment: PaymentRow | null;
}

/** The card checkout of a company's placed cart, or null (not placed, not by card, not theirs). */
export async function cardCheckoutOf(
  db: Db,
  cartUuid: string,
  companyId: number,
): Promise<CardCheckout | null> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.cartUuid, cartUuid),
        eq(invoices.companyId, companyId),
        eq(invoices.paymentMethod, 'card'),
      ),
    )
    .limit(1);
  if (!invoice) return null;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoice.id), eq(payments.purpose, 'checkout')))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return { cartUuid, invoice, payment: payment ?? null };
}

/** What Stripe's page lists: each order of the invoice by its number and placement, at its price. */
export async function checkoutLines(db: Db, invoiceId: number): Promise<CheckoutLine[]> {
  const rows = await db
    .select({ number: orders.number, cents: orders.totalCents, name: media.name, code: cartItems.mediacode })
    .from(orders)
    .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
    .leftJoin(media, eq(media.mediacode, cartItems.mediacode))
    .where(eq(orders.invoiceId, invoiceId))
    .orderBy(asc(orders.id));
  return rows.map((row) => ({ name: `${row.number} · ${row.name ?? row.code}`, cents: row.cents }));
}

/**
 * Card checkouts still waiting for their payment although their time ran out before `before`; with
 * those whose payment was rejected (Stripe's report did not match: an operator's to refund), which
 * would otherwise wait for ever.
 */
export async function unpaidCheckoutsBefore(db: Db, before: Date, limit: number) {
  return db
    .select({
      invoiceId: invoices.id,
      paymentId: payments.id,
      sessionId: payments.sessionId,
      status: payments.status,
    })
    .from(invoices)
    .innerJoin(payments, and(eq(payments.invoiceId, invoices.id), eq(payments.purpose, 'checkout')))
    .where(
      and(
        eq(invoices.paymentMethod, 'card'),
        lt(invoices.payBy, before),
        isNull(invoices.paidAt),
        or(
          inArray(payments.status, ['pending', 'failed']),
          // A rejected payment stays rejected: its checkout is due only while orders of it stand.
          and(
            eq(payments.status, 'rejected'),
            sql`exists (select 1 from ${orders} where ${orders.invoiceId} = ${invoices.id} and ${orders.cancelledAt} is null)`,
          ),
        ),
      ),
    )
    .orderBy(asc(invoices.payBy))
    .limit(limit);
}

/**
 * An order whose card checkout is not paid yet: it stands only once paid, so its ad reminders wait
 * and its lists say "Awaiting payment". Orders of invoices (and from before invoices) never wait.
 */
export const awaitingPaymentSql = (): SQL<boolean> =>
  sql<boolean>`(${orders.cancelledAt} is null and exists (select 1 from ${invoices} where ${invoices.id} = ${orders.invoiceId} and ${invoices.paymentMethod} = 'card' and ${invoices.paidAt} is null))`;

/** awaitingPaymentSql for one order whose invoice is at hand (null: an order from before invoices). */
export const awaitsPayment = (order: { cancelledAt: Date | null }, invoice: InvoiceRow | null): boolean =>
  order.cancelledAt === null && invoice?.paymentMethod === 'card' && invoice.paidAt === null;

/** Which of these orders wait for their card payment. */
export async function awaitingPaymentOf(db: Db, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, [...orderIds]), awaitingPaymentSql()));
  return new Set(rows.map((row) => row.id));
}
