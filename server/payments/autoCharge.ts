import { addHours, subMinutes } from 'date-fns';
import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { balanceSql, orderSumsOf } from '../billing/status';
import { settleExpired, settleFailed, settleSucceeded } from '../data/paymentSettlement';
import { createPayment, invoiceBalanceForUpdate, paymentForUpdate, paymentsUnderWay } from '../data/payments';
import { companies, invoices, payments, type SavedCard } from '../db/schema';
import type { ChargeOutcome, PaymentGateway } from './gateway';
import type { PaymentJobDeps } from './jobDeps';
import { AUTO_ATTEMPTS } from './schedule';

/** How many invoices one run charges; the next run (15 minutes on) takes the rest. */
const BATCH = 20;
/** A claimed invoice is not claimed again for this long, whatever another run sees meanwhile. */
const CLAIM_HOURS = 1;
/** A charge still pending this long after its claim was cut short (a crash): it is asked again, same key. */
// Longer than a run may last (its job's 600 s lease), so a run never asks again for a charge another
// run is still making: two requests with one key at once are refused by Stripe.
const STALE_MINUTES = 15;

interface Claimed {
  paymentId: number;
  invoice: string;
  cents: number;
  customer: string;
  card: SavedCard;
}

/**
 * Takes the invoices due for an automatic charge, locked and skipped by any other run (SKIP LOCKED):
 * of companies with automatic payment on and a saved card, invoiced (not paid at checkout), owing
 * something, due by their issue date or their next attempt, tried fewer than three times and with no
 * charge under way. Each gets its payment row and its attempt counted before any call to Stripe.
 */
async function claim(deps: PaymentJobDeps, now: Date): Promise<Claimed[]> {
  return deps.jobs.inTransaction(deps.db, async (tx) => {
    // What is left to pay by the balance rule (server/billing/status.ts).
    const sums = orderSumsOf(tx);
    const due = await tx
      .select({
        id: invoices.id,
        number: invoices.number,
        companyId: invoices.companyId,
        customer: companies.stripeCustomerId,
        card: companies.card,
      })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .innerJoinLateral(sums, sql`true`)
      .where(
        and(
          eq(companies.autoPay, true),
          isNotNull(companies.card),
          isNotNull(companies.stripeCustomerId),
          eq(invoices.paymentMethod, 'invoice'),
          lt(invoices.chargeAttempts, AUTO_ATTEMPTS),
          sql`coalesce(${invoices.nextChargeAt}, ${invoices.issuedAt}) <= ${now}`,
          sql`${balanceSql(sums)} > 0`,
          sql`not exists (select 1 from ${payments} where ${payments.invoiceId} = ${invoices.id} and ${payments.status} = 'pending')`,
        ),
      )
      .orderBy(asc(invoices.id))
      .limit(BATCH)
      .for('update', { of: invoices, skipLocked: true });
    const claimed: Claimed[] = [];
    for (const invoice of due) {
      if (invoice.card === null || invoice.customer === null) continue;
      // Read again now that the row is locked: the claim's own statement saw the database as it was
      // when it began, before a Pay now page or a cancel committed while it waited for the lock.
      const cents = (await invoiceBalanceForUpdate(tx, invoice.id)) ?? 0;
      if (cents <= 0 || (await paymentsUnderWay(tx, invoice.id))) continue;
      const paymentId = await createPayment(tx, {
        invoiceId: invoice.id,
        companyId: invoice.companyId,
        purpose: 'auto',
        amountCents: cents,
        createdBy: null,
        now,
        card: { brand: invoice.card.brand, last4: invoice.card.last4 },
      });
      await tx
        .update(invoices)
        .set({
          chargeAttempts: sql`${invoices.chargeAttempts} + 1`,
          nextChargeAt: addHours(now, CLAIM_HOURS),
        })
        .where(eq(invoices.id, invoice.id));
      claimed.push({
        paymentId,
        invoice: invoice.number,
        cents,
        customer: invoice.customer,
        card: invoice.card,
      });
    }
    return claimed;
  });
}

/**
 * Charges that a run claimed and never finished (its process died, or Stripe did not answer): asked
 * again with the same key, but only while they are still wanted. Looked at again with the invoice
 * locked: once the invoice no longer owes the amount (paid another way, an order cancelled) or the
 * company turned automatic payment off, the charge is closed as expired and Stripe is not asked.
 */
async function unfinished(deps: PaymentJobDeps, now: Date): Promise<Claimed[]> {
  const stale = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.purpose, 'auto'),
        eq(payments.status, 'pending'),
        lt(payments.createdAt, subMinutes(now, STALE_MINUTES)),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(BATCH);
  const wanted: Claimed[] = [];
  for (const { id } of stale) {
    const item = await deps.jobs.inTransaction(deps.db, async (tx): Promise<Claimed | null> => {
      const payment = await paymentForUpdate(tx, id);
      if (payment?.status !== 'pending' || payment.invoiceId === null) return null;
      const owes = await invoiceBalanceForUpdate(tx, payment.invoiceId);
      const [row] = await tx
        .select({
          number: invoices.number,
          autoPay: companies.autoPay,
          customer: companies.stripeCustomerId,
          card: companies.card,
        })
        .from(invoices)
        .innerJoin(companies, eq(companies.id, invoices.companyId))
        .where(eq(invoices.id, payment.invoiceId));
      if (
        row === undefined ||
        owes === null ||
        owes < payment.amountCents ||
        !row.autoPay ||
        row.card === null ||
        row.customer === null
      ) {
        await settleExpired(tx, id, { at: now });
        return null;
      }
      return {
        paymentId: id,
        invoice: row.number,
        cents: payment.amountCents,
        customer: row.customer,
        card: row.card,
      };
    });
    if (item !== null) wanted.push(item);
  }
  return wanted;
}

/**
 * Stripe refusing the request itself (a customer or card it no longer has, a key reused with other
 * parameters) refuses it again on every try: the charge has failed, in words the customer can act on.
 * Anything else (Stripe or the network down past the SDK's retries) may pass: the charge stays pending.
 */
const REFUSED =
  'Stripe no longer accepts this card for your company. Save your card again on Billing, or pay the invoice now.';
const refusedByStripe = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError ||
  error instanceof Stripe.errors.StripeIdempotencyError;

async function chargeOne(deps: PaymentJobDeps & { gateway: PaymentGateway }, item: Claimed): Promise<void> {
  let outcome: ChargeOutcome;
  try {
    outcome = await deps.gateway.chargeOffSession({
      paymentId: item.paymentId,
      customer: item.customer,
      paymentMethod: item.card.pm,
      cents: item.cents,
      invoice: item.invoice,
    });
  } catch (error) {
    if (!refusedByStripe(error)) throw error;
    deps.logger.warn(
      { err: error, payment: item.paymentId, invoice: item.invoice },
      'Stripe refused an automatic charge; the customer is told.',
    );
    outcome = { ok: false, intentId: null, message: REFUSED, code: null };
  }
  const at = deps.clock();
  await deps.jobs.inTransaction(deps.db, async (tx, send) => {
    if (outcome.ok) {
      const settled = await settleSucceeded(tx, item.paymentId, {
        intentId: outcome.intentId,
        amountCents: item.cents,
        currency: 'usd',
        card: null,
        at,
        send,
      });
      if (settled === 'rejected')
        deps.logger.error(
          { payment: item.paymentId, invoice: item.invoice },
          'An automatic charge went through for an invoice that no longer owes it; refund it by hand.',
        );
      return;
    }
    await settleFailed(tx, item.paymentId, {
      intentId: outcome.intentId,
      message: outcome.message,
      at,
      send,
    });
  });
}

/**
 * One `payments.autoCharge` run: charges each due invoice's saved card off session and records the
 * outcome (Stripe's webhook for the same charge then finds it recorded, or recorded it first). A
 * decline e-mails the billing contact with the next attempt's day (server/data/paymentSettlement.ts). One
 * invoice's trouble never stops the others: a charge that could not be asked stays pending, and is
 * asked again with the same key by a later run.
 */
export async function chargeDueInvoices(deps: PaymentJobDeps): Promise<void> {
  const { gateway } = deps;
  if (gateway === null) return;
  const now = deps.clock();
  const work = [...(await unfinished(deps, now)), ...(await claim(deps, now))];
  for (const item of work) {
    try {
      await chargeOne({ ...deps, gateway }, item);
    } catch (error) {
      deps.logger.error(
        { err: error, payment: item.paymentId, invoice: item.invoice },
        'An automatic charge could not be made; it stays pending and a later run asks Stripe again.',
      );
    }
  }
}
