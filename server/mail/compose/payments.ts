import { eq } from 'drizzle-orm';
import { formatCentsExact } from '../../../contract/money';
import { cardWords } from '../../billing/cardWords';
import { receiptOf } from '../../billing/receipt';
import { receiptPdf } from '../../billing/receiptPdf';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { companies, invoices, payments } from '../../db/schema';
import { eventKey, type MailEvent } from '../events';
import { composeMail, type Mail } from '../messages';
import { brandOf } from '../templates/brand';
import { dayInWords, personOf } from './orders';
import { dedupeKeyOf } from './write';

type PaymentEvent = Extract<MailEvent, { event: 'payment.succeeded' | 'payment.failed' }>;

/** A failed payment with its invoice and the company's saved card (what an automatic charge used). */
async function paymentWithInvoice(db: Db, paymentId: number) {
  const [row] = await db
    .select({ payment: payments, invoice: invoices, card: companies.card })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(companies, eq(companies.id, payments.companyId))
    .where(eq(payments.id, paymentId));
  return row ?? null;
}

/**
 * The receipt: to the invoice's billing contact with the receipt's PDF, and a copy to the person who
 * paid when they asked for copies of receipts (and are not the billing contact already).
 */
async function composeReceipt(db: Db, config: ServerConfig, e: PaymentEvent, now: Date): Promise<Mail[]> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, e.paymentId));
  if (payment?.status !== 'succeeded' || payment.invoiceId === null) return [];
  const receipt = await receiptOf(db, payment.invoiceId, now);
  if (!receipt) return [];
  const { row: invoice } = receipt;
  const brand = brandOf(config);
  const key = eventKey(e);
  const pdf = await receiptPdf(receipt.invoice, receipt.facts, config.invoiceIssuer, config.productName);
  const billTo = invoice.billTo;
  const payer = await personOf(db, payment.createdBy);
  const readers = [
    { email: billTo.email, name: billTo.name, copy: false },
    ...(payer?.receiptCopies && payer.email !== billTo.email
      ? [{ email: payer.email, name: payer.firstname, copy: true }]
      : []),
  ];
  return Promise.all(
    readers.map((reader) =>
      composeMail(
        reader.email,
        'payment-receipt',
        {
          brand,
          name: reader.name,
          invoice: invoice.number,
          amount: formatCentsExact(payment.amountCents),
          card: cardWords(payment.cardBrand, payment.cardLast4) ?? 'your card',
          at: dayInWords(payment.settledAt ?? now),
          copy: reader.copy,
        },
        null,
        {
          dedupeKey: dedupeKeyOf(key, 'payment-receipt', reader.email),
          attachments: [
            { filename: `Receipt ${invoice.number}.pdf`, contentType: 'application/pdf', content: pdf },
          ],
        },
      ),
    ),
  );
}

/** A failed automatic charge: to the billing contact, with the bank's answer and the next attempt's day. */
async function composeFailure(db: Db, config: ServerConfig, e: PaymentEvent): Promise<Mail[]> {
  const found = await paymentWithInvoice(db, e.paymentId);
  if (found?.payment.status !== 'failed') return [];
  const brand = brandOf(config);
  const { payment, invoice, card } = found;
  const next = invoice.nextChargeAt;
  return [
    await composeMail(
      invoice.billTo.email,
      'payment-failed',
      {
        brand,
        name: invoice.billTo.name,
        invoice: invoice.number,
        amount: formatCentsExact(payment.amountCents),
        card:
          cardWords(payment.cardBrand, payment.cardLast4) ??
          cardWords(card?.brand ?? null, card?.last4 ?? null) ??
          'the saved card',
        message: payment.failure ?? 'The card was declined.',
        nextAttempt: next ? dayInWords(next) : null,
        link: `${brand.url}/billing/${invoice.number}`,
      },
      null,
      { dedupeKey: dedupeKeyOf(eventKey(e), 'payment-failed', invoice.billTo.email) },
    ),
  ];
}

/** The e-mails of a payment's outcome (issue 30, part 4). */
export const composePaymentEvent = (db: Db, config: ServerConfig, e: PaymentEvent, now: Date) =>
  e.event === 'payment.succeeded' ? composeReceipt(db, config, e, now) : composeFailure(db, config, e);
