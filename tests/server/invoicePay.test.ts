import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../contract/auth';
import type { InvoiceDetail, InvoicesAnswer } from '../../contract/billing';
import type { PaymentRedirect } from '../../contract/payments';
import { payInvoice } from '../../server/billing/pay';
import { settleExpired } from '../../server/data/paymentSettlement';
import { createPayment } from '../../server/data/payments';
import { companies, invoices, orders, payments } from '../../server/db/schema';
import { silentLogger } from '../../server/log';
import { cancelOrderOf } from '../../server/orders/cancel';
import type { PaymentGateway } from '../../server/payments/gateway';
import type { LocalStripe } from '../support/localStripe';
import { DRIVERS, type Harness } from './harness';
import { colleagueOf, placeOrders, settableClock } from './orderShop';
import { caller, marketOfZip, placement, register } from './shop';
import { openWithStripe } from './withStripe';

/*
 * Pay now on an invoice (issue 30, acceptance 3), through the real SDK and the local Stripe
 * stand-in: Stripe's page for the balance the database holds (never an amount sent by the browser),
 * the invoice paid once Stripe says so, by the webhook or by the return page asking; members pay
 * only once the owner allows it; a paid or void invoice, or a server without Stripe, refuses.
 */
const SECRET = 'sk_test_invoices';
const WEBHOOK = 'whsec_invoices';
const MEMBERS_REFUSED =
  'Only the owner or an admin of your company can see and pay invoices: ask the owner to allow members to pay.';

describe.each(DRIVERS)('paying an invoice on %s', (_name, open) => {
  let h: Harness;
  let standIn: LocalStripe;
  let gateway: PaymentGateway;
  let close: () => Promise<void>;
  let tv: string;
  const clock = settableClock('2027-01-11T09:00:00.000Z');
  const call = caller(() => h);

  beforeAll(async () => {
    ({ h, standIn, gateway, close } = await openWithStripe(
      open,
      { secretKey: SECRET, webhookSecret: WEBHOOK },
      { clock: clock.now, env: { PUBLIC_URL: 'https://shop.example' } },
    ));
    tv = (await placement(h, 'tv', { prodcode: await marketOfZip(h, '60601') })).mediacode;
  });
  afterAll(() => close());

  /** A new company's checkout of two orders, and its invoice as the owner reads it. */
  const invoiced = async () => {
    clock.set('2027-01-11T09:00:00.000Z');
    const { token, user } = await register(call);
    const owner = { token, uuid: user.uuid };
    await placeOrders(call, owner.token, [
      { mediacode: tv, dates: ['2027-02-01'], quantity: 5 },
      { mediacode: tv, dates: ['2027-02-08'], quantity: 5 },
    ]);
    const list = await call<InvoicesAnswer>('GET', '/invoices', { token: owner.token });
    const invoice = list.body.data.invoices[0];
    if (!invoice) throw new Error('No invoice was issued.');
    return { owner, invoice };
  };
  const detail = async (token: string, number: string, query = '') => {
    const answer = await call<InvoiceDetail>('GET', `/invoices/${number}${query}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const pay = (token: string, number: string, body?: Record<string, string>) =>
    call<PaymentRedirect>('POST', `/invoices/${number}/pay`, {
      token,
      ...(body ? { body, form: true } : {}),
    });
  const sessionOf = (url: string) => url.split('/').at(-1) ?? '';
  const cents = (dollars: number) => Math.round(dollars * 100);

  it('sends the owner to Stripe’s page for the balance, and shows the invoice paid once Stripe says so', async () => {
    const { owner, invoice } = await invoiced();
    expect(invoice).toMatchObject({
      status: 'open',
      can_pay: true,
      payment: { state: 'none', receipt: false },
    });
    const started = await pay(owner.token, invoice.number, { amount: '1' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.url.startsWith(`${standIn.apiBase}/c/pay/cs_`)).toBe(true);
    const session = await gateway.retrieveCheckout(sessionOf(started.body.data.url));
    // The amount asked for is the balance the database holds; the form's `amount` changed nothing.
    expect(session.amount_total).toBe(cents(invoice.balance));
    expect(session.success_url).toBe(
      `https://shop.example/billing/${invoice.number}?session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(session.cancel_url).toBe(`https://shop.example/billing/${invoice.number}`);
    expect((await detail(owner.token, invoice.number)).payment.state).toBe('pending');

    clock.set('2027-01-11T10:30:00.000Z');
    expect(await standIn.pay(session.id)).toMatchObject({
      status: 303,
      location: `https://shop.example/billing/${invoice.number}?session_id=${session.id}`,
    });
    const paid = await detail(owner.token, invoice.number);
    expect(paid).toMatchObject({ status: 'paid', balance: 0, can_pay: false });
    expect(paid.payment).toMatchObject({
      method: 'invoice',
      state: 'paid',
      paid_at: '2027-01-11T10:30:00.000Z',
      paid: invoice.balance,
      paid_formatted: invoice.balance_formatted,
      refunded: 0,
      refunds: [],
      failure: null,
      receipt: true,
    });
    const listed = await call<InvoicesAnswer>('GET', '/invoices?status=paid', { token: owner.token });
    expect(listed.body.data.invoices.map((i) => i.number)).toEqual([invoice.number]);
    expect(listed.body.data.outstanding).toBe(0);
  });

  it('hands out the same page to a second press, and refuses once the invoice is paid', async () => {
    const { owner, invoice } = await invoiced();
    const first = await pay(owner.token, invoice.number);
    const again = await pay(owner.token, invoice.number);
    expect(again.body.data.url).toBe(first.body.data.url);
    await standIn.pay(sessionOf(first.body.data.url));
    const paidAlready = await pay(owner.token, invoice.number);
    expect([paidAlready.status, paidAlready.body.message]).toEqual([
      409,
      `Invoice ${invoice.number} is already paid.`,
    ]);
  });

  it('shows the payment on the return page before Stripe’s webhook arrives, for a session of that invoice only', async () => {
    const { owner, invoice } = await invoiced();
    const other = await invoiced();
    const started = await pay(owner.token, invoice.number);
    const sessionId = sessionOf(started.body.data.url);
    standIn.hold();
    try {
      await standIn.pay(sessionId);
      expect((await detail(owner.token, invoice.number)).status).toBe('open');
      // Another company's invoice does not look up a session that is not its own.
      expect((await detail(other.owner.token, other.invoice.number, `?session_id=${sessionId}`)).status).toBe(
        'open',
      );
      expect((await detail(owner.token, invoice.number)).status).toBe('open');
      const back = await detail(owner.token, invoice.number, `?session_id=${sessionId}`);
      expect(back).toMatchObject({
        status: 'paid',
        payment: { state: 'paid', receipt: true, card: 'Visa •••• 4242' },
      });
    } finally {
      await standIn.release();
    }
    const [row] = await h.database.db.select().from(invoices).where(eq(invoices.number, invoice.number));
    expect(row?.paidCents).toBe(cents(invoice.balance));
  });

  it('lets a member read and pay invoices only once the owner allows members to pay', async () => {
    const { owner, invoice } = await invoiced();
    const member = await colleagueOf(h, call, owner, 'payer');
    const admin = await colleagueOf(h, call, owner, 'admin', { role: 'admin' });
    for (const [method, path] of [
      ['GET', '/invoices'],
      ['GET', `/invoices/${invoice.number}`],
      ['POST', `/invoices/${invoice.number}/pay`],
    ] as const) {
      const refused = await call(method, path, { token: member.token });
      expect([path, refused.status, refused.body.message]).toEqual([path, 403, MEMBERS_REFUSED]);
    }
    const mayPay = async (token: string) =>
      (await call<UserData>('GET', '/me', { token })).body.data.may_pay_invoices;
    expect([await mayPay(owner.token), await mayPay(admin.token), await mayPay(member.token)]).toEqual([
      true,
      true,
      false,
    ]);
    const byAdmin = await pay(admin.token, invoice.number);
    expect(byAdmin.status).toBe(200);

    const [row] = await h.database.db.select().from(invoices).where(eq(invoices.number, invoice.number));
    await h.database.db
      .update(companies)
      .set({ membersMayPay: true })
      .where(eq(companies.id, row?.companyId ?? 0));
    // The member's user data says so, so the storefront shows Billing.
    expect(await mayPay(member.token)).toBe(true);
    const list = await call<InvoicesAnswer>('GET', '/invoices', { token: member.token });
    expect(list.status).toBe(200);
    expect(list.body.data.invoices.map((i) => [i.number, i.can_pay])).toEqual([[invoice.number, true]]);
    const paid = await pay(member.token, invoice.number);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // Still not the billing contact: that stays with the owner and admins.
    expect((await call('GET', '/billing/contact', { token: member.token })).status).toBe(403);
    // The page the admin opened a moment ago, not a second one for the same balance.
    expect(paid.body.data.url).toBe(byAdmin.body.data.url);
  });

  it('refuses a page while the saved card is being charged for the invoice, and makes one once the charge is over', async () => {
    const { owner, invoice } = await invoiced();
    const [row] = await h.database.db.select().from(invoices).where(eq(invoices.number, invoice.number));
    if (!row) throw new Error('No invoice.');
    // The automatic charges run has claimed the invoice and is waiting for Stripe's answer.
    const charging = await createPayment(h.database.db, {
      invoiceId: row.id,
      companyId: row.companyId,
      purpose: 'auto',
      amountCents: cents(invoice.balance),
      createdBy: null,
      now: clock.now(),
    });
    const refused = await pay(owner.token, invoice.number);
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'An automatic payment of this invoice is under way: look again in a few minutes.',
    ]);
    await settleExpired(h.database.db, charging, { at: clock.now() });
    const after = await pay(owner.token, invoice.number);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
  });

  it('refuses to take money for a void invoice, and answers an unknown or malformed number', async () => {
    const { owner, invoice } = await invoiced();
    const [row] = await h.database.db.select().from(invoices).where(eq(invoices.number, invoice.number));
    await h.database.db
      .update(orders)
      .set({ cancelledAt: clock.now() })
      .where(eq(orders.invoiceId, row?.id ?? 0));
    const voided = await pay(owner.token, invoice.number);
    expect([voided.status, voided.body.message]).toEqual([
      409,
      `Invoice ${invoice.number} is void: its orders were cancelled, so nothing is left to pay.`,
    ]);
    expect((await detail(owner.token, invoice.number)).can_pay).toBe(false);
    expect((await pay(owner.token, 'INV-27-999999')).status).toBe(404);
    expect((await pay(owner.token, 'INV-1')).status).toBe(404);
  });

  it('says so when Stripe does not answer, and makes the page on the next press', async () => {
    const { owner, invoice } = await invoiced();
    const [row] = await h.database.db.select().from(invoices).where(eq(invoices.number, invoice.number));
    // The SDK retries a failing Stripe itself; what reaches us is its last error.
    const down: PaymentGateway = {
      ...gateway,
      createCheckout: () => Promise.reject(new Error('Stripe is unreachable.')),
    };
    const deps = {
      db: h.database.db,
      gateway: down,
      logger: silentLogger(),
      publicUrl: 'https://shop.example',
    };
    const input = { invoiceId: row?.id ?? 0, number: invoice.number, userId: owner.uuid, now: clock.now() };
    expect(await payInvoice(deps, input)).toEqual({
      status: 503,
      message: 'Card payment is not answering right now. Press Pay now again in a minute.',
    });
    expect((await detail(owner.token, invoice.number)).payment.state).toBe('none');
    const up = await pay(owner.token, invoice.number);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
  });

  /** The invoice's orders as the database keeps them, and its row. */
  const ordersOfInvoice = async (number: string) => {
    const [row] = await h.database.db.select().from(invoices).where(eq(invoices.number, number));
    if (!row) throw new Error(`No invoice ${number}.`);
    const rows = await h.database.db.select().from(orders).where(eq(orders.invoiceId, row.id));
    return { row, orders: rows.sort((a, b) => a.id - b.id) };
  };
  const paymentsOf = (invoiceId: number) =>
    h.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(payments.id);

  it('closes the open Pay now page when an order of the invoice is cancelled, so it can no longer be paid', async () => {
    const { owner, invoice } = await invoiced();
    const started = await pay(owner.token, invoice.number);
    const sessionId = sessionOf(started.body.data.url);
    const before = await ordersOfInvoice(invoice.number);
    const [first, second] = before.orders;
    clock.set('2027-01-11T09:20:00.000Z');
    const cancelled = await call('POST', `/orders/${first?.number}/cancel`, { token: owner.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await gateway.retrieveCheckout(sessionId)).status).toBe('expired');
    expect((await paymentsOf(before.row.id)).map((p) => [p.purpose, p.status])).toEqual([
      ['invoice', 'expired'],
    ]);
    // Stripe's page refuses the old total now.
    expect((await standIn.pay(sessionId)).status).toBe(409);
    expect((await ordersOfInvoice(invoice.number)).row.paidCents).toBe(0);
    // Pay now makes a page for what is left: the other order.
    const again = await pay(owner.token, invoice.number);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const page = await gateway.retrieveCheckout(sessionOf(again.body.data.url));
    expect(page.amount_total).toBe(second?.totalCents);
  });

  it('applies a page paid a moment before the cancel, whose webhook is not in yet, and refunds the cancelled order', async () => {
    const { owner, invoice } = await invoiced();
    const started = await pay(owner.token, invoice.number);
    const sessionId = sessionOf(started.body.data.url);
    const { row, orders: placed } = await ordersOfInvoice(invoice.number);
    const [first] = placed;
    standIn.hold();
    try {
      expect((await standIn.pay(sessionId)).status).toBe(303);
      const cancelled = await call('POST', `/orders/${first?.number}/cancel`, { token: owner.token });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    } finally {
      await standIn.release();
    }
    await h.background.settled();
    expect((await paymentsOf(row.id)).map((p) => [p.purpose, p.status])).toEqual([['invoice', 'succeeded']]);
    const after = await ordersOfInvoice(invoice.number);
    expect(after.row).toMatchObject({ paidCents: cents(invoice.balance), refundedCents: first?.totalCents });
    expect(after.orders.map((o) => o.cancelledAt !== null)).toEqual([true, false]);
  });

  it('cancels nothing when Stripe does not answer while a Pay now page is open', async () => {
    const { owner, invoice } = await invoiced();
    const started = await pay(owner.token, invoice.number);
    const sessionId = sessionOf(started.body.data.url);
    const { row, orders: placed } = await ordersOfInvoice(invoice.number);
    const unreachable = () => Promise.reject(new Error('Stripe is unreachable.'));
    const down: PaymentGateway = { ...gateway, expireCheckout: unreachable, retrieveCheckout: unreachable };
    const deps = { db: h.database.db, jobs: h.jobs, gateway: down, logger: silentLogger(), clock: clock.now };
    const request = { companyId: row.companyId, number: placed[0]?.number ?? '', userId: owner.uuid };
    expect(await cancelOrderOf(deps, request)).toEqual({
      status: 503,
      message:
        'Card payment is not answering right now, and a payment page of this order’s invoice is still open, so the order is not cancelled: try again in a minute.',
    });
    expect((await ordersOfInvoice(invoice.number)).orders.map((o) => o.cancelledAt)).toEqual([null, null]);
    expect((await paymentsOf(row.id)).map((p) => p.status)).toEqual(['pending']);
    expect((await gateway.retrieveCheckout(sessionId)).status).toBe('open');
  });

  it('refuses to cancel while an automatic charge of the invoice is under way, leaving its Pay now page open', async () => {
    const { owner, invoice } = await invoiced();
    const started = await pay(owner.token, invoice.number);
    const sessionId = sessionOf(started.body.data.url);
    const { row, orders: placed } = await ordersOfInvoice(invoice.number);
    await createPayment(h.database.db, {
      invoiceId: row.id,
      companyId: row.companyId,
      purpose: 'auto',
      amountCents: cents(invoice.balance),
      createdBy: null,
      now: clock.now(),
    });
    const refused = await call('POST', `/orders/${placed[0]?.number}/cancel`, { token: owner.token });
    expect([refused.status, refused.body.message]).toEqual([
      409,
      `A payment of invoice ${invoice.number} is under way, so order ${placed[0]?.number} is not cancelled: look again in a few minutes.`,
    ]);
    expect((await ordersOfInvoice(invoice.number)).orders.map((o) => o.cancelledAt)).toEqual([null, null]);
    expect((await gateway.retrieveCheckout(sessionId)).status).toBe('open');
  });
});
