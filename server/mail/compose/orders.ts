import { format } from 'date-fns';
import { eq } from 'drizzle-orm';
import { formatCentsExact } from '../../../contract/money';
import { invoicePdf } from '../../billing/invoicePdf';
import { invoiceWithOrders } from '../../billing/invoiceRecord';
import { placementSheet } from '../../catalogue/sheet';
import type { ServerConfig } from '../../config';
import { refundedForOrder } from '../../data/refunds';
import type { Db } from '../../db/client';
import { invoices, orders, users } from '../../db/schema';
import { runsOf } from '../../orders/runs';
import { boughtOf } from '../../orders/terms';
import { eventKey, type MailEvent } from '../events';
import { composeMail, type Mail } from '../messages';
import { brandOf } from '../templates/brand';
import { customersOf, type Reader } from './readers';
import { dedupeKeyOf } from './write';

/** A day in words, as the e-mails say it ("Friday, February 20"). */
export const dayInWords = (day: Date) => format(day, 'EEEE, MMMM d');

/** Who placed, cancelled or paid (null: nobody, or an account since deleted). */
export const personOf = async (db: Db, userId: string | null) => {
  if (!userId) return null;
  const [row] = await db
    .select({
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      receiptCopies: users.receiptCopies,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
};

/**
 * The e-mails of a placed cart: to the person who placed it, each order with its runs, when each ad
 * is due, its spec sheet and its page; to the billing contact, the invoice with its PDF (an invoice
 * checkout's: a card checkout's billing contact gets the receipt instead).
 */
export async function composeOrderPlaced(
  db: Db,
  config: ServerConfig,
  e: Extract<MailEvent, { event: 'order.placed' }>,
  now: Date,
): Promise<Mail[]> {
  const brand = brandOf(config);
  const key = eventKey(e);
  const [issued] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.cartUuid, e.cartUuid));
  if (!issued) return [];
  const found = await invoiceWithOrders(db, issued.id, now);
  if (!found) return [];
  const { row, records, placements, invoice } = found;
  const composed: Mail[] = [];
  const placer = await personOf(db, records[0]?.order.userId ?? null);
  if (placer) {
    const lines = records.map(({ order, item }, i) => {
      const placement = placements.get(item.mediacode) ?? null;
      const sheet = placement ? placementSheet(placement) : null;
      return {
        number: order.number,
        placement: placement?.name ?? invoice.lines[i]?.title ?? item.mediacode,
        market: invoice.lines[i]?.market ?? '',
        specs: sheet ? `/specs/${sheet}` : null,
        runs: runsOf(boughtOf(item, placement, order.placedAt, order.totalCents)).map((run) => ({
          run: run.label,
          adDue: dayInWords(run.adDue),
        })),
      };
    });
    composed.push(
      await composeMail(
        placer.email,
        'order-placed',
        {
          brand,
          firstname: placer.firstname,
          invoice: row.number,
          total: invoice.total_formatted,
          orders: lines,
        },
        null,
        { dedupeKey: dedupeKeyOf(key, 'order-placed', placer.email) },
      ),
    );
  }
  // A card checkout is paid when this is composed: its receipt (payment.succeeded) is the billing mail.
  if (row.paymentMethod === 'card') return composed;
  const pdf = await invoicePdf(invoice, config.invoiceIssuer, config.productName);
  composed.push(
    await composeMail(
      row.billTo.email,
      'invoice-issued',
      {
        brand,
        name: row.billTo.name,
        invoice: row.number,
        total: invoice.total_formatted,
        due: dayInWords(row.dueAt),
        link: `${brand.url}/billing`,
      },
      null,
      {
        dedupeKey: dedupeKeyOf(key, 'invoice-issued', row.billTo.email),
        attachments: [{ filename: `${row.number}.pdf`, contentType: 'application/pdf', content: pdf }],
      },
    ),
  );
  return composed;
}

/**
 * The e-mail of a cancelled order: to the person who placed it and, when someone else, who cancelled it;
 * cancelled by our staff on the customer's behalf, to the order's readers (its owner once the placer left).
 */
export async function composeOrderCancelled(
  db: Db,
  config: ServerConfig,
  e: Extract<MailEvent, { event: 'order.cancelled' }>,
  now: Date,
): Promise<Mail[]> {
  const brand = brandOf(config);
  const key = eventKey(e);
  const [order] = await db.select().from(orders).where(eq(orders.id, e.orderId));
  if (!order?.cancelledAt || order.invoiceId === null) return [];
  const found = await invoiceWithOrders(db, order.invoiceId, now);
  const line = found?.invoice.lines.find((l) => l.order_number === order.number);
  const placement = line ? `${line.title}, ${line.market}` : order.number;
  const byOurTeam = order.cancelledByStaff !== null;
  const placer = byOurTeam ? null : await personOf(db, order.userId);
  const canceller = order.cancelledBy === order.userId ? null : await personOf(db, order.cancelledBy);
  const readers: Reader[] = byOurTeam
    ? await customersOf(db, order)
    : [placer, canceller].filter((p): p is NonNullable<typeof p> => p !== null);
  const refunded = await refundedForOrder(db, order.id);
  return Promise.all(
    readers.map((reader) =>
      composeMail(
        reader.email,
        'order-cancelled',
        {
          brand,
          firstname: reader.firstname,
          order: order.number,
          placement,
          by: reader === placer && canceller ? `${canceller.firstname} ${canceller.lastname}` : null,
          reason: order.cancelReason === 'unpaid' ? 'unpaid' : null,
          byOurTeam,
          refund: refunded > 0 ? formatCentsExact(refunded) : null,
        },
        null,
        { dedupeKey: dedupeKeyOf(key, 'order-cancelled', reader.email) },
      ),
    ),
  );
}
