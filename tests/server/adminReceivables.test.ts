import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminInvoice, adminInvoice } from '../../contract/adminInvoice';
import {
  AGING_BUCKET_KEYS,
  type ReceivablesReport,
  receivablesReport,
} from '../../contract/adminReceivables';
import type { InvoicesAnswer } from '../../contract/billing';
import { envelope } from '../../contract/envelope';
import { readCsv } from '../../server/admin/csvRows';
import { remindOverdueInvoices } from '../../server/billing/overdue';
import { openStaffSession } from '../../server/data/staffSessions';
import {
  companies,
  companyCredits,
  creditApplications,
  invoices,
  manualPayments,
  paymentAllocations,
} from '../../server/db/schema';
import { DRIVERS, type Harness } from './harness';
import { customer, placeOrders, settableClock } from './orderShop';
import { BILLING, caller, marketOfZip, placement } from './shop';
import { adminCall, staffSession } from './staffFixtures';

/*
 * Receivables (issue 32, point 4): every company's open invoices aged in buckets by whole UTC days past
 * due, largest total first, with the totals row and a CSV of the same; a rep sees only their companies;
 * one invoice's page with its money and reminders. Every checkout here is placed on 11 January 2027 at
 * 09:00 UTC for Chicago's first TV station's week of 25 January, so its invoice is due on 10 February
 * at 09:00 UTC; an invoice due another day is one whose due date the test moved (other terms).
 */
const PLACED = '2027-01-11T09:00:00.000Z';

describe.each(DRIVERS)('receivables on %s', (_name, open) => {
  let h: Harness;
  let tv: string;
  const clock = settableClock(PLACED);
  const call = caller(() => h);
  const staffIds: Record<string, string> = {};

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    tv = (await placement(h, 'tv', { prodcode: await marketOfZip(h, '60601') })).mediacode;
    for (const [key, role] of [
      ['admin', 'admin'],
      ['production', 'production'],
      ['rep', 'rep'],
      ['otherRep', 'rep'],
    ] as const)
      staffIds[key] = (await staffSession(h, role, { now: clock.now() })).staff.id;
  });
  afterAll(async () => {
    await h.close();
  });

  /** A session opened at the clock's time: the tests move the clock by months. */
  const tokenOf = async (who: string) =>
    (await openStaffSession(h.database.db, staffIds[who] ?? '', clock.now(), 8, null)).token;
  const asStaff = async <T>(who: string, path: string) =>
    adminCall<T>(h, 'GET', path, { token: await tokenOf(who) });
  const report = async (who = 'admin'): Promise<ReceivablesReport> => {
    const answer = await asStaff<ReceivablesReport>(who, '/reports/receivables');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return envelope(receivablesReport).parse(answer.body).data;
  };

  /** A new company (named `name`) with one invoice: its number, cents and coid. */
  const company = async (name: string) => {
    clock.set(PLACED);
    const buyer = await customer(call, name);
    const placed = await placeOrders(call, buyer.token, [
      { mediacode: tv, dates: ['2027-01-25'], quantity: 5 },
    ]);
    const list = await call<InvoicesAnswer>('GET', '/invoices', { token: buyer.token });
    const [invoice] = list.body.data.invoices;
    if (!invoice) throw new Error('No invoice was issued.');
    const [row] = await h.database.db
      .select({ coid: companies.coid, id: companies.id })
      .from(companies)
      .innerJoin(invoices, eq(invoices.companyId, companies.id))
      .where(eq(invoices.number, invoice.number));
    return {
      buyer,
      number: invoice.number,
      cents: Math.round(invoice.total * 100),
      coid: row?.coid ?? '',
      companyId: row?.id ?? 0,
      order: placed.orders[0]?.number ?? '',
    };
  };
  /** Another invoice of the same company, issued the same day. */
  const anotherInvoice = async (of: { buyer: { token: string } }) => {
    clock.set(PLACED);
    await placeOrders(call, of.buyer.token, [{ mediacode: tv, dates: ['2027-02-01'], quantity: 5 }]);
    const list = await call<InvoicesAnswer>('GET', '/invoices', { token: of.buyer.token });
    const [newest] = list.body.data.invoices;
    if (!newest) throw new Error('No invoice was issued.');
    return { number: newest.number, cents: Math.round(newest.total * 100) };
  };
  const setInvoice = (number: string, values: Partial<typeof invoices.$inferInsert>) =>
    h.database.db.update(invoices).set(values).where(eq(invoices.number, number));
  const rowOf = (r: ReceivablesReport, coid: string) => r.companies.find((row) => row.coid === coid);
  /** The only non-zero bucket of a company's row. */
  const bucketsOf = (r: ReceivablesReport, coid: string) => {
    const row = rowOf(r, coid);
    return row ? AGING_BUCKET_KEYS.filter((key) => row.buckets[key].cents !== 0) : [];
  };

  it('moves an invoice through the buckets as the clock passes its due date, by UTC day', async () => {
    const moving = await company('Moving Bucket Co');
    const at = async (instant: string) => {
      clock.set(instant);
      const r = await report();
      return { buckets: bucketsOf(r, moving.coid), oldest: rowOf(r, moving.coid)?.oldest_days_overdue };
    };
    expect(await at('2027-01-20T12:00:00.000Z')).toEqual({ buckets: ['current'], oldest: 0 });
    // Due at 09:00 on 10 February: still that UTC day at 23:59, the next at 00:00.
    expect(await at('2027-02-10T23:59:00.000Z')).toEqual({ buckets: ['current'], oldest: 0 });
    expect(await at('2027-02-11T00:00:00.000Z')).toEqual({ buckets: ['1-30'], oldest: 1 });
    expect(await at('2027-03-12T12:00:00.000Z')).toEqual({ buckets: ['1-30'], oldest: 30 });
    expect(await at('2027-03-13T12:00:00.000Z')).toEqual({ buckets: ['31-60'], oldest: 31 });
    expect(await at('2027-04-11T12:00:00.000Z')).toEqual({ buckets: ['31-60'], oldest: 60 });
    expect(await at('2027-04-12T12:00:00.000Z')).toEqual({ buckets: ['61-90'], oldest: 61 });
    expect(await at('2027-05-11T12:00:00.000Z')).toEqual({ buckets: ['61-90'], oldest: 90 });
    expect(await at('2027-05-12T12:00:00.000Z')).toEqual({ buckets: ['over-90'], oldest: 91 });
    const r = await report();
    expect(r.as_of).toBe('2027-05-12');
    expect(r.buckets.map((b) => b.label)).toEqual([
      'Current',
      '1–30 days',
      '31–60 days',
      '61–90 days',
      'Over 90 days',
    ]);
    expect(rowOf(r, moving.coid)?.buckets['over-90']).toEqual({
      cents: moving.cents,
      formatted: expect.any(String),
    });
  });

  it('counts the balance of each open invoice per company and in total, to the cent, and leaves the rest out', async () => {
    const acme = await company('Acme Aging');
    const partly = await anotherInvoice(acme);
    const paidInPart = 12_345;
    await setInvoice(partly.number, { paidCents: paidInPart, paidAt: clock.now() });
    // The first invoice on net 60 (due 12 March): two buckets at once.
    await setInvoice(acme.number, { dueAt: new Date('2027-03-12T09:00:00.000Z') });
    const paid = await company('Paid Up Inc');
    await setInvoice(paid.number, { paidCents: paid.cents, paidAt: clock.now() });
    const cancelled = await company('Cancelled Co');
    expect(
      (await call('POST', `/orders/${cancelled.order}/cancel`, { token: cancelled.buyer.token })).status,
    ).toBe(200);
    const awaiting = await company('Awaiting Card Co');
    await setInvoice(awaiting.number, { paymentMethod: 'card', payBy: new Date('2027-01-11T10:00:00.000Z') });

    clock.set('2027-03-01T12:00:00.000Z');
    const r = await report();
    const row = rowOf(r, acme.coid);
    expect(row?.name).toBe('Acme Aging');
    expect(row?.invoices).toBe(2);
    expect(row?.buckets.current.cents).toBe(acme.cents);
    expect(row?.buckets['1-30'].cents).toBe(partly.cents - paidInPart);
    expect(row?.total.cents).toBe(acme.cents + partly.cents - paidInPart);
    expect(row?.oldest_days_overdue).toBe(19);
    for (const gone of [paid, cancelled, awaiting]) expect(rowOf(r, gone.coid)).toBeUndefined();

    // Largest first; each row's buckets add to its total; the totals row adds the rows up.
    const totals = r.companies.map((c) => c.total.cents);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    for (const c of r.companies)
      expect(AGING_BUCKET_KEYS.reduce((sum, key) => sum + c.buckets[key].cents, 0)).toBe(c.total.cents);
    for (const key of AGING_BUCKET_KEYS)
      expect(r.totals.buckets[key].cents).toBe(r.companies.reduce((sum, c) => sum + c.buckets[key].cents, 0));
    expect(r.totals.total.cents).toBe(r.companies.reduce((sum, c) => sum + c.total.cents, 0));
    expect(r.totals.invoices).toBe(r.companies.reduce((sum, c) => sum + c.invoices, 0));
  });

  it('downloads the same rows and the totals as CSV, a formula kept as text', async () => {
    const formula = await company('=SUM(A1:A2), "Holdings"');
    clock.set('2027-02-20T12:00:00.000Z');
    const r = await report();
    const response = await h.app.request('/api/v1/admin/reports/receivables?format=csv', {
      headers: { authorization: `Bearer ${await tokenOf('admin')}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${h.config.cookiePrefix}-receivables-2027-02-20.csv"`,
    );
    const text = (await response.text()).replace(/^\uFEFF/, '');
    const rows = readCsv(text);
    expect(rows[0]).toEqual([
      'Company',
      'Company ID',
      'Rep',
      'Current',
      '1–30 days',
      '31–60 days',
      '61–90 days',
      'Over 90 days',
      'Total',
      'Invoices',
      'Oldest days overdue',
    ]);
    expect(rows).toHaveLength(r.companies.length + 2);
    const mine = rows.find((cells) => cells[1] === formula.coid);
    expect(mine?.[0]).toBe(`'=SUM(A1:A2), "Holdings"`);
    expect(mine?.slice(3)).toEqual([
      '0.00',
      (formula.cents / 100).toFixed(2),
      '0.00',
      '0.00',
      '0.00',
      (formula.cents / 100).toFixed(2),
      '1',
      '10',
    ]);
    const last = rows.at(-1);
    expect(last?.[0]).toBe('Total');
    expect(last?.[8]).toBe((r.totals.total.cents / 100).toFixed(2));
    expect((await asStaff('admin', '/reports/receivables?format=pdf')).status).toBe(400);
  });

  it('answers a rep only their companies, and production not at all', async () => {
    const mine = await company('Rep Owned Co');
    const theirs = await company('Other Rep Co');
    await h.database.db
      .update(companies)
      .set({ repStaffId: staffIds.rep })
      .where(eq(companies.id, mine.companyId));
    await h.database.db
      .update(companies)
      .set({ repStaffId: staffIds.otherRep })
      .where(eq(companies.id, theirs.companyId));
    clock.set('2027-02-20T12:00:00.000Z');
    const seen = await report('rep');
    expect(seen.companies.map((c) => c.coid)).toEqual([mine.coid]);
    expect(seen.companies[0]?.rep).toBe('Rep Tester');
    expect(seen.totals.total.cents).toBe(mine.cents);
    const all = await report('admin');
    expect(all.companies.map((c) => c.coid)).toEqual(expect.arrayContaining([mine.coid, theirs.coid]));
    expect((await asStaff('production', '/reports/receivables')).status).toBe(403);

    // Its invoices likewise: another rep's is a 404, as one that does not exist.
    expect((await asStaff('rep', `/invoices/${mine.number}`)).status).toBe(200);
    expect((await asStaff('rep', `/invoices/${theirs.number}`)).status).toBe(404);
    expect((await asStaff('otherRep', `/invoices/${theirs.number.toLowerCase()}`)).status).toBe(200);
  });

  it('shows one invoice with its lines, money from every source and the reminders sent', async () => {
    const acme = await company('Invoice Page Co');
    const [payment] = await h.database.db
      .insert(manualPayments)
      .values({
        companyId: acme.companyId,
        method: 'check',
        reference: 'Check 1042',
        amountCents: 5_000,
        receivedOn: '2027-02-01',
        recordedBy: staffIds.admin ?? '',
        recordedAt: clock.now(),
      })
      .returning();
    const [row] = await h.database.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.number, acme.number));
    await h.database.db
      .insert(paymentAllocations)
      .values({ paymentId: payment?.id ?? 0, invoiceId: row?.id ?? 0, amountCents: 5_000 });
    const [credit] = await h.database.db
      .insert(companyCredits)
      .values({
        companyId: acme.companyId,
        amountCents: 2_500,
        reason: 'Goodwill',
        source: 'issued',
        createdAt: clock.now(),
      })
      .returning();
    await h.database.db.insert(creditApplications).values({
      creditId: credit?.id ?? 0,
      invoiceId: row?.id ?? 0,
      amountCents: 2_500,
      appliedAt: clock.now(),
    });
    await setInvoice(acme.number, { paidCents: 5_000, creditAppliedCents: 2_500 });

    for (const instant of ['2027-02-11T14:00:00.000Z', '2027-02-17T14:00:00.000Z']) {
      clock.set(instant);
      await remindOverdueInvoices({
        db: h.database.db,
        config: h.config,
        clock: clock.now,
        transport: null,
        jobs: h.jobs,
      });
    }
    clock.set('2027-02-18T12:00:00.000Z');
    const answer = await asStaff<AdminInvoice>('admin', `/invoices/${acme.number}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const invoice = envelope(adminInvoice).parse(answer.body).data;
    expect(invoice.company).toEqual({ coid: acme.coid, name: 'Invoice Page Co' });
    expect(invoice.bill_to.email).toBe(BILLING.email);
    expect(invoice.terms_days).toBe(30);
    expect(invoice.days_past_due).toBe(8);
    expect(invoice.status).toBe('overdue');
    expect(invoice.lines).toEqual([
      {
        order_number: acme.order,
        title: expect.any(String),
        total: { cents: acme.cents, formatted: expect.any(String) },
        cancelled: false,
      },
    ]);
    expect(invoice.totals.total.cents).toBe(acme.cents);
    expect(invoice.totals.paid.cents).toBe(5_000);
    expect(invoice.totals.credit_applied.cents).toBe(2_500);
    expect(invoice.manual_payments).toEqual([
      {
        method: 'check',
        reference: 'Check 1042',
        received_on: '2027-02-01',
        amount: { cents: 5_000, formatted: '$50.00' },
      },
    ]);
    expect(invoice.credits).toEqual([
      { reason: 'Goodwill', amount: { cents: 2_500, formatted: '$25.00' }, applied_at: expect.any(String) },
    ]);
    expect(invoice.reminders).toEqual([
      { step: 1, days_past_due: 1, sent_to: BILLING.email, sent_at: '2027-02-11T14:00:00.000Z' },
      { step: 7, days_past_due: 7, sent_to: BILLING.email, sent_at: '2027-02-17T14:00:00.000Z' },
    ]);
    expect((await asStaff('admin', '/invoices/INV-27-999999')).status).toBe(404);
    expect((await asStaff('admin', '/invoices/not-a-number')).status).toBe(404);
  });
});
