import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Invoice, type InvoicesAnswer, invoice as invoiceSchema } from '../../contract/billing';
import type { BillingContact } from '../../contract/cart';
import { orders } from '../../server/db/schema';
import { pdfText } from '../support/pdfText';
import { DRIVERS, type Harness } from './harness';
import { customer, detailOf, placeOrders, rawGet, settableClock, signIn } from './orderShop';
import { BILLING, caller, marketOfZip, placement } from './shop';

/*
 * Invoices (issue 17): one per checkout, numbered by the clock's year, due 30 days after; open, then
 * overdue with the clock; a cancelled order credited, a fully credited invoice void; the PDF prints
 * the same figures and the configured sender. Chicago's first TV station sells weeks from 25 January
 * 2027; the clock starts on Monday 11 January 2027.
 */
describe.each(DRIVERS)('invoices on %s', (_name, open) => {
  let h: Harness;
  let tv: string;
  const clock = settableClock();
  const call = caller(() => h);
  const PLACED = '2027-01-11T09:00:00.000Z';

  beforeAll(async () => {
    h = await open({
      clock: clock.now,
      env: {
        COMPANY_LEGAL_NAME: 'Lakeshore Media Billing LLC',
        COMPANY_ADDRESS: '1 Lake St|Chicago, IL 60601',
        INVOICE_PAYMENT: 'Wire to Harbor Bank, account 000123|Checks to PO Box 42, Chicago IL',
      },
    });
    tv = (await placement(h, 'tv', { prodcode: await marketOfZip(h, '60601') })).mediacode;
  });
  afterAll(async () => {
    await h.close();
  });

  const listOf = async (token: string, query = '') => {
    const answer = await call<InvoicesAnswer>('GET', `/invoices${query}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };

  /** A new customer's checkout of two orders (two weeks, then a third), placed at PLACED. */
  const checkout = async () => {
    clock.set(PLACED);
    const buyer = await customer(call);
    const placed = await placeOrders(call, buyer.token, [
      { mediacode: tv, dates: ['2027-01-25', '2027-02-01'], quantity: 5 },
      { mediacode: tv, dates: ['2027-02-08'], quantity: 5 },
    ]);
    const numbers = placed.orders.map((o) => o.number);
    const [first] = (await listOf(buyer.token)).invoices;
    if (!first) throw new Error('No invoice was issued.');
    return { buyer, numbers, invoice: first };
  };

  it('issues one invoice for a checkout: its number, dates, bill-to, one line per order, the total', async () => {
    const { buyer, numbers, invoice } = await checkout();
    expect(invoiceSchema.parse(invoice)).toEqual(invoice);
    expect(invoice.number).toMatch(/^INV-27-\d{6,}$/);
    expect(invoice.issued_at).toBe(PLACED);
    expect(invoice.due_at).toBe('2027-02-10T09:00:00.000Z');
    expect(invoice.status).toBe('open');
    expect(invoice.bill_to).toEqual(BILLING);
    expect(invoice.orders).toEqual(numbers);
    expect(invoice.lines.map((l) => l.order_number)).toEqual(numbers);
    const runs = invoice.lines[0]?.runs ?? [];
    expect(runs.map((r) => r.label)).toEqual(['Week of Jan 25, 2027', 'Week of Feb 1, 2027']);
    // Each run's share of its order's amount, the shares adding up to it to the cent.
    const shares = runs.reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
    expect(shares).toBe(Math.round((invoice.lines[0]?.amount ?? 0) * 100));
    const details = await Promise.all(numbers.map((n) => detailOf(call, buyer.token, n)));
    const cents = details.reduce((sum, d) => sum + Math.round(d.total * 100), 0);
    expect(Math.round(invoice.total * 100)).toBe(cents);
    expect(invoice.balance).toBe(invoice.total);
    for (const [i, detail] of details.entries()) {
      // Each order names the other one of its checkout on the invoice (issue 28, point 7).
      expect(detail.invoice).toEqual({
        number: invoice.number,
        other_orders: numbers.filter((n) => n !== detail.number),
      });
      expect(invoice.lines[i]?.amount).toBe(detail.total);
    }
    expect((await listOf(buyer.token)).invoices).toHaveLength(1);
  });

  it('names no other orders on the invoice of a checkout of one order', async () => {
    clock.set(PLACED);
    const buyer = await customer(call);
    const placed = await placeOrders(call, buyer.token, [
      { mediacode: tv, dates: ['2027-01-25'], quantity: 5 },
    ]);
    const [number = ''] = placed.orders.map((o) => o.number);
    const [only] = (await listOf(buyer.token)).invoices;
    expect((await detailOf(call, buyer.token, number)).invoice).toEqual({
      number: only?.number,
      other_orders: [],
    });
  });

  it('is open until its due date, then overdue, by the clock', async () => {
    const { buyer, invoice } = await checkout();
    clock.set('2027-02-10T09:00:00.000Z');
    let token = await signIn(call, buyer.email);
    expect((await listOf(token)).invoices[0]?.status).toBe('open');
    clock.set('2027-02-10T09:00:01.000Z');
    token = await signIn(call, buyer.email);
    const later = await listOf(token);
    expect(later.invoices[0]?.status).toBe('overdue');
    expect(later.overdue).toBe(invoice.total);
    expect(later.outstanding).toBe(invoice.total);
    expect((await listOf(token, '?status=open')).invoices).toEqual([]);
    expect((await listOf(token, '?status=overdue')).invoices.map((i) => i.number)).toEqual([invoice.number]);
  });

  it('totals what a company owes past the 32-bit range, $30M over two invoices', async () => {
    const { buyer, numbers } = await checkout();
    const again = await placeOrders(call, buyer.token, [
      { mediacode: tv, dates: ['2027-02-15'], quantity: 5 },
    ]);
    const db = h.database.db;
    const all = [...numbers, ...again.orders.map((o) => o.number)];
    // Each invoice's orders fit an int; their sum across the two invoices does not.
    await db.update(orders).set({ totalCents: 0 }).where(inArray(orders.number, all));
    for (const number of [numbers[0] ?? '', again.orders[0]?.number ?? ''])
      await db.update(orders).set({ totalCents: 1_500_000_000 }).where(eq(orders.number, number));
    const list = await listOf(buyer.token);
    expect(list.invoices).toHaveLength(2);
    expect(list.outstanding).toBe(30_000_000);
  });

  it('credits a cancelled order, and a fully credited invoice is void', async () => {
    const { buyer, numbers, invoice } = await checkout();
    const [first, second] = numbers;
    const cancel = await call('POST', `/orders/${first}/cancel`, { token: buyer.token });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const partly = (await listOf(buyer.token)).invoices[0] as Invoice;
    const firstLine = invoice.lines.find((l) => l.order_number === first);
    expect(partly.credits).toEqual([
      {
        order_number: first,
        at: PLACED,
        amount: -(firstLine?.amount ?? 0),
        amount_formatted: `-${firstLine?.amount_formatted}`,
      },
    ]);
    expect(partly.status).toBe('open');
    expect(Math.round(partly.balance * 100)).toBe(
      Math.round((invoice.total - (firstLine?.amount ?? 0)) * 100),
    );
    expect((await call('POST', `/orders/${second}/cancel`, { token: buyer.token })).status).toBe(200);
    const list = await listOf(buyer.token);
    expect(list.invoices[0]?.status).toBe('void');
    expect(list.invoices[0]?.balance).toBe(0);
    expect(list.outstanding).toBe(0);
    expect((await listOf(buyer.token, '?status=void')).invoices).toHaveLength(1);
  });

  it('prints the same figures in its PDF, with the configured sender and payment instructions', async () => {
    const { buyer, invoice } = await checkout();
    const pdf = await h.app.request(`/api/v1/invoices/${invoice.number}.pdf`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).join('\n');
    for (const expected of [
      invoice.number,
      invoice.total_formatted,
      invoice.balance_formatted,
      ...invoice.orders,
      ...invoice.lines.map((l) => l.amount_formatted),
      'Lakeshore Media Billing LLC',
      '1 Lake St',
      'Wire to Harbor Bank, account 000123',
      'Checks to PO Box 42, Chicago IL',
      BILLING.company,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('answers one invoice, and refuses another company’s, a malformed number and an unknown status', async () => {
    const { buyer, invoice } = await checkout();
    // With who issued it and how to pay it, as its PDF says (issue 28, points 11 and 12).
    const one = await call<Invoice>('GET', `/invoices/${invoice.number}`, { token: buyer.token });
    expect(one.body.data).toEqual({
      ...invoice,
      from: {
        name: 'Lakeshore Media Billing LLC',
        address: ['1 Lake St', 'Chicago, IL 60601'],
        email: 'billing@adlane.example',
        phone: '(800) 555-0142',
      },
      how_to_pay: [
        'Wire to Harbor Bank, account 000123',
        'Checks to PO Box 42, Chicago IL',
        `Please quote ${invoice.number} with your payment.`,
      ],
    });
    const stranger = await customer(call);
    const theirs = await call('GET', `/invoices/${invoice.number}`, { token: stranger.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toContain(invoice.number);
    expect((await rawGet(h, `/invoices/${invoice.number}.pdf`, stranger.token)).status).toBe(404);
    const odd = await call('GET', '/invoices/INV-1', { token: buyer.token });
    expect(odd.status).toBe(404);
    expect(odd.body.message).toMatch(/INV-27-000123/);
    const status = await call('GET', '/invoices?status=settled', { token: buyer.token });
    expect(status.status).toBe(400);
    expect(status.body.message).toMatch(/open, partial, overdue, paid, void/);
    expect((await listOf(stranger.token)).invoices).toEqual([]);
  });

  it('offers no Pay now without Stripe keys, and refuses one with a sentence (issue 30)', async () => {
    const { buyer, invoice } = await checkout();
    expect(invoice.can_pay).toBe(false);
    const refused = await call('POST', `/invoices/${invoice.number}/pay`, { token: buyer.token });
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'Card payment is not set up here: pay by bank transfer or check as the invoice says.',
    ]);
  });

  it('keeps the company’s billing contact from its first checkout, editable, and checked field by field', async () => {
    const { buyer } = await checkout();
    const saved = await call<{ contact: BillingContact | null }>('GET', '/billing/contact', {
      token: buyer.token,
    });
    expect(saved.body.data.contact).toEqual(BILLING);
    const changed = { ...BILLING, name: 'Accounts Payable', po_number: 'PO-9' };
    const put = await h.app.request('/api/v1/billing/contact', {
      method: 'PUT',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(changed),
    });
    expect(put.status).toBe(200);
    const again = await call<{ contact: BillingContact | null }>('GET', '/billing/contact', {
      token: buyer.token,
    });
    // A PO number is not kept with the contact: it belongs to one purchase (or is a standing PO).
    expect(again.body.data.contact).toEqual({ ...BILLING, name: 'Accounts Payable' });
    const bad = await h.app.request('/api/v1/billing/contact', {
      method: 'PUT',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...BILLING, state: 'Illinois', zip: '606' }),
    });
    expect(bad.status).toBe(422);
    const errors = ((await bad.json()) as { data: { errors: Record<string, string> } }).data.errors;
    expect(errors.state).toBe('Use the two-letter state code, like IL.');
    expect(errors.zip).toBe('A zip code is five digits, like 60601.');
    // A later checkout keeps the contact saved, whatever it was billed to.
    const fresh = await customer(call);
    const none = await call<{ contact: BillingContact | null }>('GET', '/billing/contact', {
      token: fresh.token,
    });
    expect(none.body.data.contact).toBeNull();
  });
});
