import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_STATUSES } from '../../contract/invoiceStatuses';
import { balanceOf, invoiceStatusOf, isOwing } from '../../server/billing/status';
import { invoicePage, invoiceTotals } from '../../server/data/invoices';
import { invoices, orders } from '../../server/db/schema';
import { DRIVERS, type Harness } from './harness';
import { customer, placeOrders, settableClock } from './orderShop';
import { caller, marketOfZip, placement } from './shop';

/*
 * An invoice's balance and status are written twice (issue 30): in TypeScript for the invoice shown,
 * in SQL for the list's filter, paging and totals. For any orders, cancellations, payments, refunds
 * credits applied (issue 32) and due date, both must say the same: the invoice is found under exactly the status TypeScript
 * gives it, and the totals are its balance.
 */
describe.each(DRIVERS)('the balance rule on %s', (_name, open) => {
  let h: Harness;
  const clock = settableClock('2027-01-11T09:00:00.000Z');
  const call = caller(() => h);
  let invoiceId = 0;
  let companyId = 0;
  let orderIds: number[] = [];

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    const tv = (await placement(h, 'tv', { prodcode: await marketOfZip(h, '60601') })).mediacode;
    const buyer = await customer(call);
    const placed = await placeOrders(
      call,
      buyer.token,
      ['2027-02-01', '2027-02-08', '2027-02-22'].map((day) => ({ mediacode: tv, dates: [day], quantity: 5 })),
    );
    const rows = await h.database.db
      .select()
      .from(orders)
      .where(eq(orders.number, placed.orders[0]?.number ?? ''));
    invoiceId = rows[0]?.invoiceId ?? 0;
    companyId = rows[0]?.companyId ?? 0;
    orderIds = (
      await h.database.db.select({ id: orders.id }).from(orders).where(eq(orders.invoiceId, invoiceId))
    ).map((r) => r.id);
    expect(orderIds).toHaveLength(3);
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const cents = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000 }));
  const invoiceFacts = fc.record({
    orders: fc.array(fc.record({ cents, cancelled: fc.boolean() }), { minLength: 3, maxLength: 3 }),
    paid: cents,
    refunded: cents,
    creditApplied: cents,
    /** The due date from the clock's instant, in minutes: the instant itself is not yet overdue. */
    dueInMinutes: fc.integer({ min: -3, max: 3 }),
  });

  it('finds every invoice under the status TypeScript gives it, and sums its balance', async () => {
    const now = clock.now();
    const db = h.database.db;
    await fc.assert(
      fc.asyncProperty(invoiceFacts, async (facts) => {
        for (const [i, id] of orderIds.entries()) {
          const order = facts.orders[i] ?? { cents: 0, cancelled: false };
          await db
            .update(orders)
            .set({ totalCents: order.cents, cancelledAt: order.cancelled ? now : null })
            .where(eq(orders.id, id));
        }
        const dueAt = new Date(now.getTime() + facts.dueInMinutes * 60_000);
        await db
          .update(invoices)
          .set({
            paidCents: facts.paid,
            refundedCents: facts.refunded,
            creditAppliedCents: facts.creditApplied,
            dueAt,
          })
          .where(eq(invoices.id, invoiceId));
        const sums = {
          totalCents: facts.orders.reduce((sum, o) => sum + o.cents, 0),
          creditedCents: facts.orders.reduce((sum, o) => sum + (o.cancelled ? o.cents : 0), 0),
          paidCents: facts.paid,
          refundedCents: facts.refunded,
          creditAppliedCents: facts.creditApplied,
        };
        const expected = invoiceStatusOf(sums, dueAt, now);
        const foundUnder = [];
        for (const status of INVOICE_STATUSES) {
          const { rows } = await invoicePage(db, { companyId, status, page: 1 }, now);
          if (rows.some((r) => r.id === invoiceId)) foundUnder.push(status);
        }
        expect(foundUnder).toEqual([expected]);
        const owed = isOwing(expected) ? balanceOf(sums) : 0;
        expect(await invoiceTotals(db, companyId, now)).toEqual({
          outstandingCents: owed,
          overdueCents: expected === 'overdue' ? owed : 0,
        });
      }),
      { numRuns: 60, seed: 30 },
    );
  });
});
