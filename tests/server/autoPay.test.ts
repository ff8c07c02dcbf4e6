import { and, asc, eq, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRedirect, PaymentSettings } from '../../contract/payments';
import { attachmentsOf } from '../../server/data/outbox';
import { companies, invoices, outbox, payments } from '../../server/db/schema';
import { silentLogger } from '../../server/log';
import { chargeDueInvoices } from '../../server/payments/autoCharge';
import type { PaymentGateway } from '../../server/payments/gateway';
import { stripeGateway } from '../../server/payments/stripeClient';
import type { LocalStripe } from '../support/localStripe';
import { pdfText } from '../support/pdfText';
import { DRIVERS, type Harness } from './harness';
import { colleagueOf, customer, placeOrders, settableClock } from './orderShop';
import { invoiceIdOf, openCardShop, payOnPage, saveCard, turnOnAutoPay } from './paymentShop';
import { caller } from './shop';

/*
 * A saved card and automatic payment (issue 30, acceptance 4 and 7): a company saves a card on
 * Stripe's setup page and turns automatic payment on; its invoices are then charged on their issue
 * date, and a decline e-mails the billing contact and is tried again 3 and 7 days after the first.
 */
describe.each(DRIVERS)('automatic payment on %s', (driver, open) => {
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
  const runCharges = async () => {
    await h.jobs.send('payments.autoCharge', {});
    await h.background.settled();
  };
  const invoiceRow = async (id: number) => {
    const [row] = await db().select().from(invoices).where(eq(invoices.id, id));
    return row;
  };
  const chargesOf = async (invoiceId: number) =>
    db()
      .select()
      .from(payments)
      .where(and(eq(payments.invoiceId, invoiceId), eq(payments.purpose, 'auto')))
      .orderBy(asc(payments.id));
  const mailsAbout = (kind: string, invoiceNumber: string) =>
    db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, kind), like(outbox.subject, `%${invoiceNumber}%`)))
      .orderBy(asc(outbox.id));
  const placeOne = async (token: string) => {
    const placed = await placeOrders(call, token, [{ mediacode: magazine, dates: ['2027/03'], quantity: 1 }]);
    const invoiceId = await invoiceIdOf(h, placed.orders[0]?.number ?? '');
    const row = await invoiceRow(invoiceId);
    if (!row) throw new Error('No invoice.');
    return row;
  };

  it('keeps the card and the switches to the owner and admins, automatic payment only with a card, members’ payments to the owner', async () => {
    const owner = await customer(call);
    const fresh = await call<PaymentSettings>('GET', '/billing/payment', { token: owner.token });
    expect(fresh.body.data).toEqual({ cards: true, card: null, auto_pay: false, members_may_pay: false });
    const noCard = await call('PUT', '/billing/payment', { token: owner.token, body: { auto_pay: true } });
    expect(noCard.status).toBe(409);
    expect(noCard.body.message).toBe('Save a card first: automatic payment charges the saved card.');

    const member = await colleagueOf(h, call, owner, 'card-member');
    expect((await call('GET', '/billing/payment', { token: member.token })).status).toBe(403);
    expect((await call('POST', '/billing/card', { token: member.token })).status).toBe(403);
    const admin = await colleagueOf(h, call, owner, 'card-admin', { role: 'admin' });
    const adminLets = await call('PUT', '/billing/payment', {
      token: admin.token,
      body: { members_may_pay: true },
    });
    expect(adminLets.status).toBe(403);
    expect(adminLets.body.message).toBe('Only the owner of your company can let members pay invoices.');
    const ownerLets = await call<PaymentSettings>('PUT', '/billing/payment', {
      token: owner.token,
      body: { members_may_pay: true },
    });
    expect(ownerLets.status).toBe(200);
    expect(ownerLets.body.data.members_may_pay).toBe(true);

    const saved = await saveCard(call, standIn, admin.token, 'pm_card_visa');
    expect(saved.card).toEqual({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: expect.any(Number) });
    const on = await call<PaymentSettings>('PUT', '/billing/payment', {
      token: admin.token,
      body: { auto_pay: true },
    });
    expect(on.body.data.auto_pay).toBe(true);

    const removed = await h.app.request('/api/v1/billing/card', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { data: PaymentSettings }).data).toMatchObject({
      card: null,
      auto_pay: false,
    });
  });

  it('shows a card saved on Stripe’s page on the way back, before Stripe’s webhook arrives', async () => {
    const owner = await customer(call);
    standIn.hold();
    try {
      const settings = await saveCard(call, standIn, owner.token, 'pm_card_visa');
      expect(settings.card?.last4).toBe('4242');
    } finally {
      await standIn.release();
    }
    // The webhook, late, finds the card saved.
    const again = await call<PaymentSettings>('GET', '/billing/payment', { token: owner.token });
    expect(again.body.data.card?.last4).toBe('4242');
  });

  it('charges an invoice on its issue date with the saved card, marks it paid and e-mails the receipt with its PDF', async () => {
    clock.set('2027-01-11T09:00:00.000Z');
    const owner = await customer(call);
    await saveCard(call, standIn, owner.token, 'pm_card_visa');
    await turnOnAutoPay(call, owner.token);
    const invoice = await placeOne(owner.token);
    const total = (await db().select().from(payments)).length;
    await runCharges();
    const paid = await invoiceRow(invoice.id);
    expect(paid?.paidAt).toEqual(new Date('2027-01-11T09:00:00.000Z'));
    expect(paid?.paidCents).toBeGreaterThan(0);
    const charges = await chargesOf(invoice.id);
    expect(charges.map((c) => [c.status, c.amountCents, c.cardLast4])).toEqual([
      ['succeeded', paid?.paidCents, '4242'],
    ]);
    expect((await db().select().from(payments)).length).toBe(total + 1);

    // A later run finds nothing owed.
    clock.set('2027-01-11T09:15:00.000Z');
    await runCharges();
    expect(await chargesOf(invoice.id)).toHaveLength(1);

    const [receipt, ...more] = await mailsAbout('payment-receipt', invoice.number);
    expect(more).toEqual([]);
    expect(receipt?.toEmail).toBe('billing@bakery.example');
    expect(receipt?.body).toContain('Visa •••• 4242');
    const [file] = await attachmentsOf(db(), receipt?.id ?? 0);
    expect(file?.filename).toBe(`Receipt ${invoice.number}.pdf`);
    const text = (await pdfText(new Uint8Array(file?.content ?? []))).join('\n');
    expect(text).toContain('RECEIPT');
    expect(text).toContain(`For invoice ${invoice.number}`);
    expect(text).toContain('Paid by Visa •••• 4242');

    const download = await h.app.request(`/api/v1/invoices/${invoice.number}/receipt.pdf`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
  });

  it('charges only what is left of an invoice paid in part by check and by a credit (issue 32)', async () => {
    clock.set('2027-01-11T09:00:00.000Z');
    const owner = await customer(call);
    await saveCard(call, standIn, owner.token, 'pm_card_visa');
    const invoice = await placeOne(owner.token);
    // What a recorded check and an applied credit leave on it (tests/server/adminMoney.test.ts).
    await db()
      .update(invoices)
      .set({ paidCents: 500, creditAppliedCents: 1000 })
      .where(eq(invoices.id, invoice.id));
    await turnOnAutoPay(call, owner.token);
    await runCharges();
    const row = await invoiceRow(invoice.id);
    const charges = await chargesOf(invoice.id);
    expect(charges.map((c) => [c.status, c.amountCents])).toEqual([
      ['succeeded', (row?.paidCents ?? 0) - 500],
    ]);
    expect(row?.paidAt).not.toBeNull();
    expect((row?.paidCents ?? 0) + (row?.creditAppliedCents ?? 0)).toBeGreaterThan(1500);
  });

  it('says an unpaid invoice has no receipt yet', async () => {
    clock.set('2027-01-11T09:00:00.000Z');
    const owner = await customer(call);
    const invoice = await placeOne(owner.token);
    const answer = await call('GET', `/invoices/${invoice.number}/receipt.pdf`, { token: owner.token });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(
      `Invoice ${invoice.number} is not paid yet: its receipt comes with the payment.`,
    );
  });

  it('e-mails a decline with the next attempt, tries again 3 and 7 days after the first, then stops', async () => {
    clock.set('2027-01-11T09:00:00.000Z');
    const owner = await customer(call);
    const settings = await saveCard(call, standIn, owner.token, 'pm_card_chargeDeclined');
    expect(settings.card?.last4).toBe('0341');
    await turnOnAutoPay(call, owner.token);
    const invoice = await placeOne(owner.token);

    await runCharges();
    let row = await invoiceRow(invoice.id);
    expect(row?.paidAt).toBeNull();
    expect(row?.chargeAttempts).toBe(1);
    expect(row?.nextChargeAt).toEqual(new Date('2027-01-14T09:00:00.000Z'));
    const [first, ...others] = await mailsAbout('payment-failed', invoice.number);
    expect(others).toEqual([]);
    expect(first?.toEmail).toBe('billing@bakery.example');
    expect(first?.body).toContain('Your card was declined.');
    expect(first?.body).toContain('We will try again on Thursday, January 14');
    expect(first?.html).toContain(`/billing/${invoice.number}`);

    const attemptsAt = async (instant: string) => {
      clock.set(instant);
      await runCharges();
      return (await chargesOf(invoice.id)).length;
    };
    expect(await attemptsAt('2027-01-13T09:00:00.000Z')).toBe(1);
    expect(await attemptsAt('2027-01-14T09:00:00.000Z')).toBe(2);
    row = await invoiceRow(invoice.id);
    expect(row?.nextChargeAt).toEqual(new Date('2027-01-18T09:00:00.000Z'));
    expect(await attemptsAt('2027-01-17T09:00:00.000Z')).toBe(2);
    expect(await attemptsAt('2027-01-18T09:00:00.000Z')).toBe(3);
    row = await invoiceRow(invoice.id);
    expect(row?.nextChargeAt).toBeNull();
    expect(await attemptsAt('2027-02-17T09:00:00.000Z')).toBe(3);

    const told = await mailsAbout('payment-failed', invoice.number);
    expect(told).toHaveLength(3);
    expect(told.at(-1)?.body).toContain('We will not try again');
    const charges = await chargesOf(invoice.id);
    expect(charges.map((c) => c.status)).toEqual(['failed', 'failed', 'failed']);
  });

  /** The job's own parts, with a gateway the test may change (Stripe failing for one customer). */
  const jobDeps = (gateway: PaymentGateway) => ({
    db: db(),
    jobs: h.jobs,
    gateway,
    logger: silentLogger(),
    clock: clock.now,
  });
  const realGateway = () => {
    if (!h.config.stripe) throw new Error('No Stripe.');
    return stripeGateway(h.config.stripe);
  };
  const companyOf = async (invoice: { companyId: number }) => {
    const [company] = await db().select().from(companies).where(eq(companies.id, invoice.companyId));
    if (!company?.card || !company.stripeCustomerId) throw new Error('No saved card.');
    return { pm: company.card.pm, customer: company.stripeCustomerId };
  };
  const autoPaying = async () => {
    const owner = await customer(call);
    await saveCard(call, standIn, owner.token, 'pm_card_visa');
    await turnOnAutoPay(call, owner.token);
    return placeOne(owner.token);
  };

  it('goes on to the next company when Stripe refuses one company’s charge or does not answer for another', async () => {
    clock.set('2027-01-11T09:00:00.000Z');
    const refused = await autoPaying();
    const unanswered = await autoPaying();
    const charged = await autoPaying();
    // The card is gone at Stripe (removed there by hand): Stripe refuses the request itself.
    await realGateway().detachCard((await companyOf(refused)).pm);
    const down = (await companyOf(unanswered)).customer;
    const gateway = realGateway();
    await chargeDueInvoices(
      jobDeps({
        ...gateway,
        chargeOffSession: (i) =>
          i.customer === down
            ? Promise.reject(new Stripe.errors.StripeConnectionError({ message: 'Stripe is unreachable.' }))
            : gateway.chargeOffSession(i),
      }),
    );
    await h.background.settled();

    expect((await chargesOf(charged.id)).map((c) => c.status)).toEqual(['succeeded']);
    const [failed] = await chargesOf(refused.id);
    expect([failed?.status, failed?.failure]).toEqual([
      'failed',
      'Stripe no longer accepts this card for your company. Save your card again on Billing, or pay the invoice now.',
    ]);
    // As after a decline: the customer hears of it and the next attempt is 3 days on.
    expect((await invoiceRow(refused.id))?.nextChargeAt).toEqual(new Date('2027-01-14T09:00:00.000Z'));
    const [told] = await mailsAbout('payment-failed', refused.number);
    expect(told?.body).toContain('Save your card again on Billing');
    expect(told?.body).toContain('We will try again on Thursday, January 14');
    expect((await chargesOf(unanswered.id)).map((c) => c.status)).toEqual(['pending']);

    // A later run asks Stripe again for the charge left pending, with the same key.
    clock.set('2027-01-11T09:20:00.000Z');
    await runCharges();
    expect((await chargesOf(unanswered.id)).map((c) => c.status)).toEqual(['succeeded']);
    expect((await invoiceRow(unanswered.id))?.paidAt).toEqual(new Date('2027-01-11T09:20:00.000Z'));
    expect(await chargesOf(refused.id)).toHaveLength(1);
  });

  it('does not charge again a charge left pending once the invoice was paid by Pay now, or automatic payment turned off', async () => {
    clock.set('2027-01-11T09:00:00.000Z');
    const paidOnPage = await autoPaying();
    const switchedOff = await autoPaying();
    const gateway = realGateway();
    // The run asks Stripe and hears nothing back (as when its process dies mid-charge).
    await chargeDueInvoices(
      jobDeps({
        ...gateway,
        chargeOffSession: () =>
          Promise.reject(new Stripe.errors.StripeConnectionError({ message: 'No answer.' })),
      }),
    );
    const [left] = await chargesOf(paidOnPage.id);
    expect(left?.status).toBe('pending');
    clock.set('2027-01-11T09:05:00.000Z');
    await payOnPage(h, standIn, paidOnPage.id, left?.amountCents ?? 0, null, clock.now());
    expect((await invoiceRow(paidOnPage.id))?.paidAt).toEqual(new Date('2027-01-11T09:05:00.000Z'));
    const [company] = await db().select().from(companies).where(eq(companies.id, switchedOff.companyId));
    await db()
      .update(companies)
      .set({ autoPay: false })
      .where(eq(companies.id, company?.id ?? 0));

    clock.set('2027-01-11T09:20:00.000Z');
    const asked: string[] = [];
    await chargeDueInvoices(
      jobDeps({
        ...gateway,
        chargeOffSession: (i) => {
          asked.push(i.invoice);
          return gateway.chargeOffSession(i);
        },
      }),
    );
    await h.background.settled();
    expect(asked).toEqual([]);
    expect((await chargesOf(paidOnPage.id)).map((c) => c.status)).toEqual(['expired']);
    expect((await chargesOf(switchedOff.id)).map((c) => c.status)).toEqual(['expired']);
    expect((await invoiceRow(paidOnPage.id))?.paidCents).toBe(left?.amountCents);
    expect((await invoiceRow(switchedOff.id))?.paidAt).toBeNull();
  });

  it('closes a Pay now page whose expiry was lost, so the saved card is charged, and applies one paid at the last moment instead', async () => {
    clock.set('2027-01-11T09:00:00.000Z');
    const opened = async () => {
      const owner = await customer(call);
      await saveCard(call, standIn, owner.token, 'pm_card_visa');
      const invoice = await placeOne(owner.token);
      const page = await call<PaymentRedirect>('POST', `/invoices/${invoice.number}/pay`, {
        token: owner.token,
      });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      await turnOnAutoPay(call, owner.token);
      return { invoice, sessionId: page.body.data.url.split('/').at(-1) ?? '' };
    };
    const left = await opened();
    const paidLate = await opened();
    // A page Stripe no longer knows (the keys or the account changed): it can never be paid.
    const unknown = await opened();
    await db()
      .update(payments)
      .set({ sessionId: 'cs_test_not_known_at_stripe' })
      .where(and(eq(payments.invoiceId, unknown.invoice.id), eq(payments.purpose, 'invoice')));
    const pageOf = async (invoiceId: number) =>
      (
        await db()
          .select()
          .from(payments)
          .where(and(eq(payments.invoiceId, invoiceId), eq(payments.purpose, 'invoice')))
      ).map((p) => p.status);
    // Paid in the page's last minute; Stripe's reports of it never arrive.
    clock.set('2027-01-11T09:59:00.000Z');
    standIn.hold();
    expect((await standIn.pay(paidLate.sessionId)).status).toBe(303);

    // The page's hour and the release's grace are over; its `checkout.session.expired` never came.
    clock.set('2027-01-11T10:06:00.000Z');
    await h.jobs.send('payments.release', {});
    await h.background.settled();
    expect(await pageOf(left.invoice.id)).toEqual(['expired']);
    expect((await realGateway().retrieveCheckout(left.sessionId)).status).toBe('expired');
    expect(await pageOf(paidLate.invoice.id)).toEqual(['succeeded']);
    expect(await pageOf(unknown.invoice.id)).toEqual(['expired']);

    await runCharges();
    expect((await chargesOf(left.invoice.id)).map((c) => c.status)).toEqual(['succeeded']);
    expect(await chargesOf(paidLate.invoice.id)).toEqual([]);
    await standIn.release();
    expect((await invoiceRow(paidLate.invoice.id))?.paidAt).toEqual(new Date('2027-01-11T10:06:00.000Z'));
  });

  // Several processes share one PostgreSQL (the embedded database has one connection: nothing overlaps).
  if (driver === 'PostgreSQL')
    it('leaves an invoice another run holds to it, instead of waiting for it or charging it twice', async () => {
      clock.set('2027-01-11T09:00:00.000Z');
      const owner = await customer(call);
      await saveCard(call, standIn, owner.token, 'pm_card_visa');
      await turnOnAutoPay(call, owner.token);
      const invoice = await placeOne(owner.token);
      if (!h.config.stripe) throw new Error('No Stripe.');
      const deps = {
        db: db(),
        jobs: h.jobs,
        gateway: stripeGateway(h.config.stripe),
        logger: silentLogger(),
        clock: clock.now,
      };
      await db().transaction(async (tx) => {
        // Another run's claim, still open.
        await tx.select().from(invoices).where(eq(invoices.id, invoice.id)).for('update');
        await chargeDueInvoices(deps);
        expect(await chargesOf(invoice.id)).toEqual([]);
      });
      await chargeDueInvoices(deps);
      await h.background.settled();
      expect((await chargesOf(invoice.id)).map((c) => c.status)).toEqual(['succeeded']);
    });
});
