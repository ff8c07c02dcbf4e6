import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoicesAnswer } from '../../contract/billing';
import { invoices, orders } from '../../server/db/schema';
import { DRIVERS, type Harness } from './harness';
import { customer, placeOrders, settableClock, signIn } from './orderShop';
import { caller, marketOfZip, placement } from './shop';

/*
 * The invoice list pages (issue 30, acceptance 3): 20 invoices a page, newest first, the status
 * filter and the page worked out in the database, and the company's totals over every invoice
 * whatever the page shows. A company places 45 checkouts: 25 on 11 January, 20 on 21 January; on
 * 12 February the first 25 are overdue and the others open.
 */
describe.each(DRIVERS)('the invoice list on %s', (_name, open) => {
  let h: Harness;
  let tv: string;
  const clock = settableClock('2027-01-11T09:00:00.000Z');
  const call = caller(() => h);
  let buyer: { token: string; email: string };
  /** The invoice numbers, newest first. */
  let newestFirst: string[] = [];
  let cents = 0;

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    tv = (await placement(h, 'tv', { prodcode: await marketOfZip(h, '60601') })).mediacode;
    buyer = await customer(call);
    const placed: string[] = [];
    for (let i = 0; i < 45; i += 1) {
      const day = i < 25 ? '2027-01-11' : '2027-01-21';
      clock.set(new Date(new Date(`${day}T09:00:00.000Z`).getTime() + i * 60_000));
      if (i === 25) buyer.token = await signIn(call, buyer.email);
      const { orders: made } = await placeOrders(call, buyer.token, [
        { mediacode: tv, dates: ['2027-03-01'], quantity: 5 },
      ]);
      placed.push(made[0]?.number ?? '');
    }
    const rows = await h.database.db
      .select({ order: orders.number, invoice: invoices.number, total: orders.totalCents })
      .from(orders)
      .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
      .where(inArray(orders.number, placed));
    cents = rows.reduce((sum, r) => sum + r.total, 0);
    const byOrder = new Map(rows.map((r) => [r.order, r.invoice]));
    newestFirst = placed.map((order) => byOrder.get(order) ?? '').reverse();
    clock.set('2027-02-12T12:00:00.000Z');
    buyer.token = await signIn(call, buyer.email);
  }, 240_000);
  afterAll(async () => {
    await h.close();
  });

  const pageOf = async (query: string) => {
    const answer = await call<InvoicesAnswer>('GET', `/invoices?${query}`, { token: buyer.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const dollars = (c: number) => c / 100;

  it('lists 20 invoices a page, newest first, with the page, the pages and how many there are', async () => {
    const first = await pageOf('');
    expect(first.data.invoices.map((i) => i.number)).toEqual(newestFirst.slice(0, 20));
    expect(first.meta).toMatchObject({ page: 1, per_page: 20, pages: 3, total: 45 });
    const third = await pageOf('page=3');
    expect(third.data.invoices.map((i) => i.number)).toEqual(newestFirst.slice(40));
    expect(third.meta).toMatchObject({ page: 3, pages: 3, total: 45 });
  });

  it('filters by status in the database and pages the filtered list', async () => {
    const overdue = await pageOf('status=overdue&page=2');
    expect(overdue.data.invoices.map((i) => i.number)).toEqual(newestFirst.slice(40));
    expect(overdue.data.invoices.every((i) => i.status === 'overdue')).toBe(true);
    expect(overdue.meta).toMatchObject({ page: 2, pages: 2, total: 25 });
    const open = await pageOf('status=open');
    expect(open.data.invoices.map((i) => i.number)).toEqual(newestFirst.slice(0, 20));
    expect(open.meta).toMatchObject({ page: 1, pages: 1, total: 20 });
  });

  it('answers a page past the end with no invoices, and refuses a page that is not one', async () => {
    const beyond = await pageOf('page=9');
    expect(beyond.data.invoices).toEqual([]);
    expect(beyond.meta).toMatchObject({ page: 9, pages: 3, total: 45 });
    const refusals: [string, string][] = [
      ['page=0', 'The first page is page 1.'],
      ['page=two', 'The page is a whole number.'],
    ];
    for (const [query, message] of refusals) {
      const bad = await call('GET', `/invoices?${query}`, { token: buyer.token });
      expect([query, bad.status, bad.body.message]).toEqual([query, 400, expect.stringContaining(message)]);
    }
  });

  it('sums what is owed over every invoice whatever the page or filter, and leaves a paid one out', async () => {
    const overdueCents = await overdueTotal();
    for (const query of ['', 'page=3', 'status=void', 'status=overdue&page=2']) {
      const { data } = await pageOf(query);
      expect([query, data.outstanding, data.overdue]).toEqual([query, dollars(cents), dollars(overdueCents)]);
    }
    const newest = newestFirst[0] ?? '';
    const [row] = await h.database.db
      .select({ id: invoices.id, total: orders.totalCents })
      .from(invoices)
      .innerJoin(orders, eq(orders.invoiceId, invoices.id))
      .where(eq(invoices.number, newest));
    if (!row) throw new Error('No invoice.');
    await h.database.db
      .update(invoices)
      .set({ paidCents: row.total, paidAt: clock.now() })
      .where(eq(invoices.id, row.id));
    const paid = await pageOf('status=paid');
    expect(paid.data.invoices.map((i) => [i.number, i.status, i.balance])).toEqual([[newest, 'paid', 0]]);
    expect(paid.data.outstanding).toBe(dollars(cents - row.total));
    expect((await pageOf('status=open')).meta).toMatchObject({ total: 19 });
  });

  /** What the 25 invoices of 11 January owe, from the database's orders. */
  async function overdueTotal() {
    const rows = await h.database.db
      .select({ total: orders.totalCents })
      .from(orders)
      .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
      .where(inArray(invoices.number, newestFirst.slice(20)));
    return rows.reduce((sum, r) => sum + r.total, 0);
  }
});
