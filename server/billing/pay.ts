import { and, eq } from 'drizzle-orm';
import { invoiceSumsForUpdate } from '../data/invoices';
import { settleExpired } from '../data/paymentSettlement';
import { attachSession, createPayment } from '../data/payments';
import type { Db } from '../db/client';
import { companies, payments } from '../db/schema';
import type { Logger } from '../log';
import type { PaymentGateway } from '../payments/gateway';
import { balanceOf, invoiceStatusOf } from './status';

/** How long Stripe's page for an invoice stays open (Stripe allows 30 minutes to 24 hours). */
export const PAGE_MINUTES = 60;
/** A page made this recently is handed out again rather than a second one made beside it. */
const REUSE_MINUTES = 45;
const MINUTE_MS = 60_000;

export const CARDS_NOT_SET_UP =
  'Card payment is not set up here: pay by bank transfer or check as the invoice says.';
const AUTO_UNDER_WAY = 'An automatic payment of this invoice is under way: look again in a few minutes.';
const STRIPE_DOWN = 'Card payment is not answering right now. Press Pay now again in a minute.';

export type PayAnswer = { url: string } | { status: 409 | 503; message: string };

type Decision =
  | { kind: 'refused'; message: string }
  | { kind: 'reuse'; url: string }
  | { kind: 'new'; paymentId: number; cents: number; email: string; customer: string | null };

/**
 * The payment Pay now starts, decided with the invoice locked: nothing when it is paid or void or
 * while its saved card is being charged, the card checkout's own page while that waits, the page
 * made a moment ago for the same balance, else a new payment of the balance as the database has it
 * (never an amount from the request).
 */
async function decide(db: Db, input: { invoiceId: number; userId: string; now: Date }): Promise<Decision> {
  return db.transaction(async (tx) => {
    const found = await invoiceSumsForUpdate(tx, input.invoiceId);
    if (found === null) return { kind: 'refused', message: 'There is no such invoice.' };
    const { row, sums } = found;
    const status = invoiceStatusOf(sums, row.dueAt, input.now);
    if (status === 'paid') return { kind: 'refused', message: `Invoice ${row.number} is already paid.` };
    if (status === 'void')
      return {
        kind: 'refused',
        message: `Invoice ${row.number} is void: its orders were cancelled, so nothing is left to pay.`,
      };
    const pending = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.invoiceId, row.id), eq(payments.status, 'pending')));
    // The saved card is being charged for it: a page now could take the same money a second time.
    if (pending.some((p) => p.purpose === 'auto')) return { kind: 'refused', message: AUTO_UNDER_WAY };
    const cents = balanceOf(sums);
    if (row.paymentMethod === 'card') {
      const checkout = pending.find((p) => p.purpose === 'checkout' && p.sessionUrl !== null);
      if (checkout?.sessionUrl) return { kind: 'reuse', url: checkout.sessionUrl };
    }
    const recent = pending.find(
      (p) =>
        p.purpose === 'invoice' &&
        p.amountCents === cents &&
        p.sessionUrl !== null &&
        p.createdAt.getTime() > input.now.getTime() - REUSE_MINUTES * MINUTE_MS,
    );
    if (recent?.sessionUrl) return { kind: 'reuse', url: recent.sessionUrl };
    const [company] = await tx
      .select({ customer: companies.stripeCustomerId })
      .from(companies)
      .where(eq(companies.id, row.companyId));
    const paymentId = await createPayment(tx, {
      invoiceId: row.id,
      companyId: row.companyId,
      purpose: 'invoice',
      amountCents: cents,
      createdBy: input.userId,
      now: input.now,
    });
    return { kind: 'new', paymentId, cents, email: row.billTo.email, customer: company?.customer ?? null };
  });
}

/**
 * POST /invoices/{number}/pay: Stripe's hosted page for what is left to pay on the invoice, which
 * comes back to the invoice's page with the session's id to look the payment up.
 */
export async function payInvoice(
  deps: { db: Db; gateway: PaymentGateway; logger: Logger; publicUrl: string },
  input: { invoiceId: number; number: string; userId: string; now: Date },
): Promise<PayAnswer> {
  const decision = await decide(deps.db, input);
  if (decision.kind === 'refused') return { status: 409, message: decision.message };
  if (decision.kind === 'reuse') return { url: decision.url };
  const page = `${deps.publicUrl}/billing/${input.number}`;
  try {
    const session = await deps.gateway.createCheckout({
      paymentId: decision.paymentId,
      customer: decision.customer,
      email: decision.email,
      lines: [{ name: `Invoice ${input.number}`, cents: decision.cents }],
      successUrl: `${page}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: page,
      expiresAt: new Date(input.now.getTime() + PAGE_MINUTES * MINUTE_MS),
      metadata: { invoice: input.number },
    });
    await attachSession(deps.db, decision.paymentId, session);
    return { url: session.url };
  } catch (error) {
    deps.logger.error({ err: error, payment: decision.paymentId }, 'Stripe did not make an invoice page');
    // A payment without a page can never be paid: closed, so the invoice does not show one under way.
    await settleExpired(deps.db, decision.paymentId, { at: input.now });
    return { status: 503, message: STRIPE_DOWN };
  }
}
