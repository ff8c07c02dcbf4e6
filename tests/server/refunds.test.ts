import { and, asc, eq, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceBalanceForUpdate } from '../../server/data/payments';
import { invoices, orders, outbox, payments, refunds } from '../../server/db/schema';
import { silentLogger } from '../../server/log';
import { refundJob } from '../../server/payments/refund';
import { stripeGateway } from '../../server/payments/stripeClient';
import type { LocalStripe } from '../support/localStripe';
import { pdfText } from '../support/pdfText';
import { DRIVERS, type Harness } from './harness';
import { customer, placeOrders, settableClock, signIn } from './orderShop';
import { invoiceIdOf, openCardShop, payOnPage, STRIPE_KEY, userIdOf } from './paymentShop';
import { caller } from './shop';

/*
 * Refunds (issue 30, acceptance 6 and 7): cancelling an order of a paid invoice gives what was paid
 * for it back to the card, once, with our own idempotency key; the invoice counts what was refunded,
 * the cancellation e-mail says it, and the receipt lists it. An unpaid invoice's cancel refunds nothing.
 */
describe.each(DRIVERS)('refunds on %s', (_name, open) => {
  let h: Harness;
  let standIn: LocalStripe;
  let magazine: string;
  let close: () => Promise<void>;
  const clock = settableClock('2027-01-11T09:00:00.000Z');
  const call = caller(() => h);

  beforeAll(async () => {
    ({ h, standIn, magazine, close } = await openCardShop(open, clock.now));
  });
  afterAll(() => close());

  const db = () => h.database.db;
  const stripe = () => new Stripe(STRIPE_KEY, { ...h.config.stripe?.api, telemetry: false });

  /** A customer's invoice of two orders, paid in full on a hosted page. */
  const paidInvoice = async (payerCopies = false) => {
    clock.set('2027-01-11T09:00:00.000Z');
    const buyer = await customer(call);
    if (payerCopies) {
      const token = await signIn(call, buyer.email);
      await h.app.request('/api/v1/me', {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ receipt_copies: true }),
      });
    }
    const placed = await placeOrders(call, buyer.token, [
      { mediacode: magazine, dates: ['2027/03'], quantity: 1 },
      { mediacode: magazine, dates: ['2027/04'], quantity: 1 },
    ]);
    const numbers = placed.orders.map((o) => o.number);
    const invoiceId = await invoiceIdOf(h, numbers[0] ?? '');
    const rows = await db().select().from(orders).where(eq(orders.invoiceId, invoiceId));
    const cents = (number: string) => rows.find((o) => o.number === number)?.totalCents ?? 0;
    const total = rows.reduce((sum, o) => sum + o.totalCents, 0);
    const paymentId = await payOnPage(
      h,
      standIn,
      invoiceId,
      total,
      await userIdOf(h, buyer.email),
      clock.now(),
    );
    return { buyer, numbers, invoiceId, cents, total, paymentId };
  };
  const cancel = async (token: string, number: string) => {
    const answer = await call('POST', `/orders/${number}/cancel`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await h.background.settled();
  };
  const invoiceRow = async (id: number) => {
    const [row] = await db().select().from(invoices).where(eq(invoices.id, id));
    return row;
  };
  const refundsOf = (paymentId: number) =>
    db().select().from(refunds).where(eq(refunds.paymentId, paymentId)).orderBy(asc(refunds.id));
  const balance = (invoiceId: number) =>
    h.jobs.inTransaction(db(), (tx) => invoiceBalanceForUpdate(tx, invoiceId));

  it('refunds a cancelled order of a paid invoice to the card, once, and says so', async () => {
    const { buyer, numbers, invoiceId, cents, total, paymentId } = await paidInvoice();
    const [first = '', second = ''] = numbers;
    const sentBefore = standIn.events().filter((e) => e.type === 'refund.created').length;
    clock.set('2027-01-11T10:00:00.000Z');
    await cancel(buyer.token, first);

    const [refund, ...more] = await refundsOf(paymentId);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({ amountCents: cents(first), status: 'succeeded' });
    expect(standIn.events().filter((e) => e.type === 'refund.created')).toHaveLength(sentBefore + 1);
    const atStripe = await stripe().refunds.retrieve(refund?.stripeRefundId ?? '');
    expect(atStripe).toMatchObject({
      amount: cents(first),
      metadata: { refund: String(refund?.id), order: first },
    });
    const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(atStripe.payment_intent).toBe(payment?.intentId);
    expect((await invoiceRow(invoiceId))?.refundedCents).toBe(cents(first));
    expect(await balance(invoiceId)).toBe(0);

    const [told] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.toEmail, buyer.email), eq(outbox.kind, 'order-cancelled')));
    expect(told?.subject).toBe(`Order ${first} is cancelled`);
    const dollars = `$${(cents(first) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(told?.body).toContain(`${dollars} is refunded to the card it was paid with`);

    await cancel(buyer.token, second);
    expect((await refundsOf(paymentId)).map((r) => r.amountCents)).toEqual([cents(first), cents(second)]);
    expect((await invoiceRow(invoiceId))?.refundedCents).toBe(total);
    expect(await balance(invoiceId)).toBe(0);
  });

  it('refunds once when Stripe fails the first call (the retry carries the same key)', async () => {
    const { buyer, numbers, paymentId, cents } = await paidInvoice();
    const before = standIn.events().filter((e) => e.type === 'refund.created').length;
    standIn.failNext('/v1/refunds');
    await cancel(buyer.token, numbers[0] ?? '');
    expect(standIn.events().filter((e) => e.type === 'refund.created')).toHaveLength(before + 1);
    expect((await refundsOf(paymentId)).map((r) => [r.amountCents, r.status])).toEqual([
      [cents(numbers[0] ?? ''), 'succeeded'],
    ]);
  });

  it('marks a refund Stripe refuses as failed at once, and counts nothing refunded', async () => {
    const { buyer, numbers, paymentId } = await paidInvoice();
    const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
    // Refunded by hand in Stripe's dashboard already: nothing is left to refund.
    await stripe().refunds.create({ payment_intent: payment?.intentId ?? '' });
    await cancel(buyer.token, numbers[0] ?? '');
    const [refund] = await refundsOf(paymentId);
    expect(refund?.status).toBe('failed');
    expect(refund?.failure).toMatch(/^Refund amount \(\$[\d,.]+\) is greater than unrefunded amount/);
    expect((await invoiceRow(payment?.invoiceId ?? 0))?.refundedCents).toBe(0);

    // A first attempt (retries left) takes the refusal as final too: no retry could change it.
    const [again] = await db()
      .insert(refunds)
      .values({ paymentId, orderId: refund?.orderId ?? 0, amountCents: 100, createdAt: clock.now() })
      .returning({ id: refunds.id });
    const deps = { db: db(), jobs: h.jobs, gateway: h.config.stripe ? stripeGateway(h.config.stripe) : null };
    await refundJob({ ...deps, logger: silentLogger(), clock: clock.now }, again?.id ?? 0, { last: false });
    const [row] = await db()
      .select()
      .from(refunds)
      .where(eq(refunds.id, again?.id ?? 0));
    expect(row?.status).toBe('failed');
  });

  it('takes Stripe’s later succeeded over a refund marked failed when its last call timed out, counting it once', async () => {
    const { numbers, invoiceId, paymentId, cents } = await paidInvoice();
    const first = numbers[0] ?? '';
    const [order] = await db().select().from(orders).where(eq(orders.number, first));
    const [row] = await db()
      .insert(refunds)
      .values({ paymentId, orderId: order?.id ?? 0, amountCents: cents(first), createdAt: clock.now() })
      .returning({ id: refunds.id });
    const refundId = row?.id ?? 0;
    if (!h.config.stripe) throw new Error('Stripe is not configured.');
    const gateway = stripeGateway(h.config.stripe);
    // Stripe makes the refund, but its answer never comes back to the last attempt.
    const lost = {
      ...gateway,
      refund: async (i: Parameters<typeof gateway.refund>[0]) => {
        await gateway.refund(i);
        throw new Error('Request timed out.');
      },
    };
    standIn.hold();
    try {
      const deps = { db: db(), jobs: h.jobs, gateway: lost, logger: silentLogger(), clock: clock.now };
      await refundJob(deps, refundId, { last: true });
      const [failed] = await db().select().from(refunds).where(eq(refunds.id, refundId));
      expect(failed?.status).toBe('failed');
    } finally {
      await standIn.release();
    }
    const created = standIn.events().filter((e) => e.type === 'refund.created');
    const [made] = await db().select().from(refunds).where(eq(refunds.id, refundId));
    expect(made).toMatchObject({ status: 'succeeded', stripeRefundId: expect.stringMatching(/^re_/) });
    expect((await invoiceRow(invoiceId))?.refundedCents).toBe(cents(first));
    // Stripe's report delivered again adds nothing.
    await standIn.resend(created.at(-1)?.id ?? '');
    expect((await invoiceRow(invoiceId))?.refundedCents).toBe(cents(first));
  });

  it('refunds nothing when the invoice was not paid', async () => {
    clock.set('2027-01-11T09:00:00.000Z');
    const buyer = await customer(call);
    const placed = await placeOrders(call, buyer.token, [
      { mediacode: magazine, dates: ['2027/03'], quantity: 1 },
    ]);
    const number = placed.orders[0]?.number ?? '';
    const before = (await db().select().from(refunds)).length;
    await cancel(buyer.token, number);
    expect(await db().select().from(refunds)).toHaveLength(before);
    const [told] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.toEmail, buyer.email), eq(outbox.kind, 'order-cancelled')));
    expect(told?.subject).toBe(`Order ${number} is cancelled`);
    expect(told?.body).not.toContain('refunded');
  });

  it('sends the receipt to the billing contact, a copy to the payer who asked, and lists refunds on the receipt', async () => {
    const { buyer, numbers, invoiceId, cents } = await paidInvoice(true);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
    const receipts = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'payment-receipt'), like(outbox.subject, `%${invoice?.number}%`)));
    expect(receipts.map((r) => r.toEmail).sort()).toEqual(['billing@bakery.example', buyer.email].sort());
    expect(receipts.find((r) => r.toEmail === buyer.email)?.body).toContain('copies of receipts are on');

    await cancel(buyer.token, numbers[0] ?? '');
    const pdf = await h.app.request(`/api/v1/invoices/${invoice?.number}/receipt.pdf`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(pdf.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).join('\n');
    const dollars = `$${(cents(numbers[0] ?? '') / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(text).toContain(`Refunded for order ${numbers[0]} on Jan 11, 2027`);
    expect(text).toContain(`-${dollars}`);
  });
});
