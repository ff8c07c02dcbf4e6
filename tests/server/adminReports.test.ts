import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConversionReport,
  conversionReport,
  type FilesAtRiskReport,
  filesAtRiskReport,
  type SalesReport,
  salesReport,
} from '../../contract/adminReports';
import type { Invoice, InvoicesAnswer } from '../../contract/billing';
import type { StaffRole } from '../../contract/staff';
import { openStaffSession } from '../../server/data/staffSessions';
import {
  companies,
  companyCredits,
  creditApplications,
  invoices,
  manualPayments,
  markets,
  orders,
  paymentAllocations,
  payments,
} from '../../server/db/schema';
import { insertRunFile } from '../support/fileRows';
import { DRIVERS, type Harness } from './harness';
import { customer, detailOf, placeOrders, settableClock, signIn } from './orderShop';
import { availableDates, caller, marketOfZip, placement } from './shop';
import { adminCall, staffSession } from './staffFixtures';

/*
 * The reports (issue 32, part 4): a month of orders on invoices (two markets, two channels, two reps
 * and none), a cancellation, a card payment, a manual payment and a credit, then every total of the
 * sales report checked against the invoices' own figures (GET /invoices) to the cent, by month,
 * channel, market and rep; delivered against the orders' runs as their invoice lines price them; files
 * at risk; conversion; the CSV exports; a rep's scope; the period's validation. Instants are UTC.
 */

/** A company name a spreadsheet would run as a formula, were it not kept as text. */
const BETA_NAME = '=SUM(1, 2) "Beta"';
const cents = (dollars: number) => Math.round(dollars * 100);
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

interface Sale {
  channel: string;
  market: string;
  rep: string;
  /** Who placed it, to read it back as they see it. */
  email: string;
}

describe.each(DRIVERS)('the back office’s reports on %s', (_name, open) => {
  let h: Harness;
  const clock = settableClock('2027-01-11T09:00:00Z');
  const call = caller(() => h);
  const staffIds: Partial<Record<StaffRole | 'rep2', string>> = {};
  const staffToken = async (who: StaffRole | 'rep2') =>
    (await openStaffSession(h.database.db, staffIds[who] ?? '', clock.now(), 8, null)).token;
  /** Each order's channel, market and rep, as the test placed them. */
  const sales = new Map<string, Sale>();
  const emails: string[] = [];
  let chicagoName = '';
  let newYorkName = '';
  let cancelledNumber = '';

  const report = async <T>(who: StaffRole | 'rep2', path: string) => {
    const answer = await adminCall<T>(h, 'GET', path, { token: await staffToken(who) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as T;
  };
  const sales$ = async (who: StaffRole | 'rep2', query: string) =>
    salesReport.parse(await report<SalesReport>(who, `/reports/sales?${query}`));

  /** Every invoice of every customer of the test, as GET /invoices answers it (signed in afresh). */
  const allInvoices = async (): Promise<Invoice[]> => {
    const found: Invoice[] = [];
    for (const email of emails) {
      const token = await signIn(call, email);
      const answer = await call<InvoicesAnswer>('GET', '/invoices', { token });
      expect(answer.status).toBe(200);
      found.push(...answer.body.data.invoices);
    }
    return found;
  };

  /** Booked, cancelled and net of the invoices issued in a month, per group of their orders. */
  const expectedBy = (all: readonly Invoice[], month: string, group: (sale: Sale) => string) => {
    const figures = new Map<string, { booked: number; cancelled: number }>();
    const add = (number: string, booked: number, cancelled: number) => {
      const sale = sales.get(number);
      if (!sale) return;
      const key = group(sale);
      const was = figures.get(key) ?? { booked: 0, cancelled: 0 };
      figures.set(key, { booked: was.booked + booked, cancelled: was.cancelled + cancelled });
    };
    for (const invoice of all.filter((i) => i.issued_at.startsWith(month))) {
      for (const line of invoice.lines) add(line.order_number, cents(line.amount), 0);
      for (const credit of invoice.credits) add(credit.order_number, 0, -cents(credit.amount));
    }
    return figures;
  };

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    const chicago = await marketOfZip(h, '60601');
    const newYork = await marketOfZip(h, '10001');
    const magazine = await placement(h, 'printmag', { prodcode: chicago });
    const tv = await placement(h, 'tv', { prodcode: chicago });
    const nyMagazine = await placement(h, 'printmag', { prodcode: newYork });
    chicagoName = await marketName(h, chicago);
    newYorkName = await marketName(h, newYork);
    for (const role of ['admin', 'production', 'rep'] as const)
      staffIds[role] = (await staffSession(h, role, { now: clock.now() })).staff.id;
    staffIds.rep2 = (await staffSession(h, 'rep', { now: clock.now() })).staff.id;
    const repA = staffIds.rep ?? '';
    const repB = staffIds.rep2 ?? '';
    const issues = await availableDates(call, magazine.mediacode, 2);
    const weeks = await availableDates(call, tv.mediacode, 3);
    const [nyIssue = ''] = await availableDates(call, nyMagazine.mediacode, 1);

    /** Places the items for a customer and stamps the rep on the orders and the company (checkout's job in part 1). */
    const place = async (
      who: { token: string; email: string },
      items: { mediacode: string; dates: string[]; quantity: number; sale: Omit<Sale, 'rep' | 'email'> }[],
      rep: string | null,
    ) => {
      const placed = await placeOrders(call, who.token, items);
      for (const [i, order] of placed.orders.entries()) {
        const item = items[i];
        if (item) sales.set(order.number, { ...item.sale, rep: rep ?? 'none', email: who.email });
        await h.database.db.update(orders).set({ repStaffId: rep }).where(eq(orders.number, order.number));
      }
      const [row] = await h.database.db
        .select()
        .from(orders)
        .where(eq(orders.number, placed.orders[0]?.number ?? ''));
      if (!row?.invoiceId) throw new Error('No invoice.');
      await h.database.db.update(companies).set({ repStaffId: rep }).where(eq(companies.id, row.companyId));
      return {
        numbers: placed.orders.map((o) => o.number),
        invoiceId: row.invoiceId,
        companyId: row.companyId,
      };
    };

    // January: Alpha (rep A) buys two issues and three weeks on one invoice.
    const alpha = await customer(call, 'Alpha Bakery');
    emails.push(alpha.email);
    await place(
      alpha,
      [
        {
          mediacode: magazine.mediacode,
          dates: issues,
          quantity: 1,
          sale: { channel: 'printmag', market: chicago },
        },
        { mediacode: tv.mediacode, dates: weeks, quantity: 5, sale: { channel: 'tv', market: chicago } },
      ],
      repA,
    );
    // Beta (no rep, a name a spreadsheet would run) buys a week and cancels it, then an issue paid by card.
    const beta = await customer(call, 'Beta Books');
    emails.push(beta.email);
    const cancelled = await place(
      beta,
      [
        {
          mediacode: tv.mediacode,
          dates: weeks.slice(0, 1),
          quantity: 5,
          sale: { channel: 'tv', market: chicago },
        },
      ],
      null,
    );
    cancelledNumber = cancelled.numbers[0] ?? '';
    await h.database.db
      .update(companies)
      .set({ name: BETA_NAME })
      .where(eq(companies.id, cancelled.companyId));
    const cancel = await call('POST', `/orders/${cancelledNumber}/cancel`, { token: beta.token });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const paidByCard = await place(
      beta,
      [
        {
          mediacode: magazine.mediacode,
          dates: issues.slice(0, 1),
          quantity: 1,
          sale: { channel: 'printmag', market: chicago },
        },
      ],
      null,
    );
    const betaTotal = (await detailOf(call, beta.token, paidByCard.numbers[0] ?? '')).total;
    await h.database.db.insert(payments).values({
      invoiceId: paidByCard.invoiceId,
      companyId: paidByCard.companyId,
      purpose: 'invoice',
      status: 'succeeded',
      amountCents: cents(betaTotal),
      createdAt: new Date('2027-01-20T10:00:00Z'),
      settledAt: new Date('2027-01-20T10:01:00Z'),
    });
    await h.database.db
      .update(invoices)
      .set({ paidCents: cents(betaTotal), paidAt: new Date('2027-01-20T10:01:00Z') })
      .where(eq(invoices.id, paidByCard.invoiceId));
    // Gamma (rep B) buys New York's issue; pays $100 by check and is given a $50 credit (as part 2's code records them).
    const gamma = await customer(call, 'Gamma Florist');
    emails.push(gamma.email);
    const gammaOrder = await place(
      gamma,
      [
        {
          mediacode: nyMagazine.mediacode,
          dates: [nyIssue],
          quantity: 1,
          sale: { channel: 'printmag', market: newYork },
        },
      ],
      repB,
    );
    const [check] = await h.database.db
      .insert(manualPayments)
      .values({
        companyId: gammaOrder.companyId,
        method: 'check',
        reference: 'Check 1042',
        amountCents: 10_000,
        receivedOn: '2027-01-25',
        recordedBy: staffIds.admin ?? '',
        recordedAt: new Date('2027-01-26T09:00:00Z'),
      })
      .returning();
    await h.database.db
      .insert(paymentAllocations)
      .values({ paymentId: check?.id ?? 0, invoiceId: gammaOrder.invoiceId, amountCents: 10_000 });
    const [credit] = await h.database.db
      .insert(companyCredits)
      .values({
        companyId: gammaOrder.companyId,
        amountCents: 5_000,
        reason: 'Goodwill',
        source: 'issued',
        createdBy: staffIds.admin ?? '',
        createdAt: new Date('2027-01-26T09:00:00Z'),
      })
      .returning();
    await h.database.db.insert(creditApplications).values({
      creditId: credit?.id ?? 0,
      invoiceId: gammaOrder.invoiceId,
      amountCents: 5_000,
      appliedBy: staffIds.admin ?? '',
      appliedAt: new Date('2027-01-26T09:00:00Z'),
    });
    await h.database.db
      .update(invoices)
      .set({ paidCents: sql`${invoices.paidCents} + 10000`, creditAppliedCents: 5_000 })
      .where(eq(invoices.id, gammaOrder.invoiceId));
    // An abandoned cart: an item added in January, never placed.
    const delta = await customer(call, 'Delta Deli');
    const added = await call('POST', '/checkout/item/create', {
      token: delta.token,
      body: { mediacode: tv.mediacode, dates: weeks.slice(0, 1), quantity: 5 },
    });
    expect(added.status).toBe(200);

    // February: Alpha buys one more week.
    clock.set('2027-02-03T15:00:00Z');
    const [febWeek = ''] = await availableDates(call, tv.mediacode, 1);
    await place(
      { token: await signIn(call, alpha.email), email: alpha.email },
      [{ mediacode: tv.mediacode, dates: [febWeek], quantity: 10, sale: { channel: 'tv', market: chicago } }],
      repA,
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  it('books each month’s orders at their invoices’ totals, less their cancellation credits, to the cent', async () => {
    const all = await allInvoices();
    const report = await sales$('admin', 'from=2027-01&to=2027-02&by=month');
    expect(report.rows.map((r) => r.key)).toEqual(['2027-01', '2027-02']);
    for (const row of report.rows) {
      const month = expectedBy(all, row.key, () => 'all').get('all') ?? { booked: 0, cancelled: 0 };
      const issued = all.filter((i) => i.issued_at.startsWith(row.key));
      expect(month.booked).toBe(sum(issued.map((i) => cents(i.total))));
      expect(row.booked_cents).toBe(month.booked);
      expect(row.cancelled_cents).toBe(month.cancelled);
      expect(row.net_cents).toBe(month.booked - month.cancelled);
      expect(row.orders).toBe(sum(issued.map((i) => i.lines.length)));
    }
    expect(report.totals.booked_cents).toBe(sum(all.map((i) => cents(i.total))));
    expect(report.totals.cancelled_cents).toBe(
      -sum(all.flatMap((i) => i.credits.map((c) => cents(c.amount)))),
    );
    // Collected in January: the card payment and the check; the credit is not money in.
    const card = all.find((i) => i.payment.state === 'paid');
    expect(report.rows[0]?.collected_cents).toBe(cents(card?.payment.paid ?? 0) + 10_000);
    expect(report.rows[1]?.collected_cents).toBe(0);
  });

  it('splits the same figures by channel, market and rep', async () => {
    const all = await allInvoices();
    const groups = {
      channel: (s: Sale) => s.channel,
      market: (s: Sale) => s.market,
      rep: (s: Sale) => s.rep,
    } as const;
    for (const by of ['channel', 'market', 'rep'] as const) {
      const report = await sales$('admin', `from=2027-01&to=2027-01&by=${by}`);
      const expected = expectedBy(all, '2027-01', groups[by]);
      expect(report.rows.map((r) => r.key).sort(), by).toEqual([...expected.keys()].sort());
      for (const row of report.rows) {
        const figures = expected.get(row.key);
        expect(row.booked_cents, `${by} ${row.key}`).toBe(figures?.booked);
        expect(row.cancelled_cents, `${by} ${row.key}`).toBe(figures?.cancelled);
        expect(row.net_cents).toBe(row.booked_cents - row.cancelled_cents);
        expect(row.collected_cents).toBeNull();
      }
    }
    const markets = await sales$('admin', 'from=2027-01&to=2027-01&by=market');
    expect(markets.rows.map((r) => r.label).sort()).toEqual([chicagoName, newYorkName].sort());
    const channels = await sales$('admin', 'from=2027-01&to=2027-01&by=channel');
    expect(channels.rows.map((r) => r.label).sort()).toEqual(['Magazine', 'TV']);
    const reps = await sales$('admin', 'from=2027-01&to=2027-01&by=rep');
    expect(reps.rows.map((r) => r.label).sort()).toEqual(['No rep', 'Rep Tester', 'Rep Tester']);
  });

  it('counts a run delivered once it has ended, at its invoice line’s price, by the month it started', async () => {
    const all = await allInvoices();
    const lines = new Map(all.flatMap((i) => i.lines.map((line) => [line.order_number, line] as const)));
    /** Every run of every order not cancelled, priced by its invoice line (checked against the order's runs). */
    const runs: { starts: string; ends: string; cents: number }[] = [];
    const tokens = new Map<string, string>();
    for (const email of emails) tokens.set(email, await signIn(call, email));
    for (const [number, sale] of sales) {
      if (number === cancelledNumber) continue;
      const order = await detailOf(call, tokens.get(sale.email) ?? '', number);
      const line = lines.get(number);
      expect(order.runs.map((r) => cents(r.price))).toEqual(line?.runs.map((r) => cents(r.amount)));
      for (const run of order.runs)
        runs.push({ starts: run.starts, ends: run.ends, cents: cents(run.price) });
    }
    const deliveredBy = (now: string, month: string) =>
      sum(
        runs
          .filter((r) => r.starts.startsWith(month) && `${r.ends}T23:59:59.999Z` <= now)
          .map((r) => r.cents),
      );
    for (const now of ['2027-02-10T12:00:00Z', '2027-06-01T12:00:00Z']) {
      clock.set(now);
      const report = await sales$('admin', 'from=2027-01&to=2027-05&by=month');
      for (const row of report.rows)
        expect(row.delivered_cents, `${now} ${row.key}`).toBe(deliveredBy(now, row.key));
    }
    // By June every run has run: what was delivered is what was sold and not cancelled.
    const june = await sales$('admin', 'from=2027-01&to=2027-05&by=month');
    expect(june.totals.delivered_cents).toBe(june.totals.net_cents);
    expect(june.totals.delivered_cents).toBeGreaterThan(0);
    clock.set('2027-02-03T15:00:00Z');
  });

  it('shows a rep only the sales stamped with their name', async () => {
    const all = await allInvoices();
    const mine = expectedBy(all, '2027-01', (s) => (s.rep === staffIds.rep ? 'mine' : 'theirs')).get('mine');
    const report = await sales$('rep', 'from=2027-01&to=2027-01&by=month');
    expect(report.totals.booked_cents).toBe(mine?.booked);
    // Alpha has paid nothing: a rep's money in is their companies' only.
    expect(report.totals.collected_cents).toBe(0);
    const reps = await sales$('rep', 'from=2027-01&to=2027-02&by=rep');
    expect(reps.rows.map((r) => r.key)).toEqual([staffIds.rep]);
    const risky = filesAtRiskReport.parse(await report$('rep', '/reports/files-at-risk'));
    expect(new Set(risky.runs.map((r) => r.company))).toEqual(new Set(['Alpha Bakery']));
  });

  it('lists the files at risk of a company moved to another rep for the new rep, while its past sales stay with the old one', async () => {
    const [alpha] = await h.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, 'Alpha Bakery'));
    if (!alpha) throw new Error('Alpha Bakery was placed.');
    const salesBefore = await sales$('rep', 'from=2027-01&to=2027-01&by=month');
    const companiesAtRisk = async (who: 'rep' | 'rep2') =>
      new Set(
        filesAtRiskReport.parse(await report$(who, '/reports/files-at-risk')).runs.map((r) => r.company),
      );
    expect(await companiesAtRisk('rep')).toContain('Alpha Bakery');
    expect(await companiesAtRisk('rep2')).not.toContain('Alpha Bakery');
    await h.database.db
      .update(companies)
      .set({ repStaffId: staffIds.rep2 })
      .where(eq(companies.id, alpha.id));
    try {
      expect(await companiesAtRisk('rep')).not.toContain('Alpha Bakery');
      expect(await companiesAtRisk('rep2')).toContain('Alpha Bakery');
      // The sales Alpha made with rep A still count for rep A.
      const salesAfter = await sales$('rep', 'from=2027-01&to=2027-01&by=month');
      expect(salesAfter.totals.booked_cents).toBe(salesBefore.totals.booked_cents);
    } finally {
      await h.database.db
        .update(companies)
        .set({ repStaffId: staffIds.rep })
        .where(eq(companies.id, alpha.id));
    }
  });

  const report$ = async (who: StaffRole | 'rep2', path: string) =>
    report<FilesAtRiskReport | ConversionReport>(who, path);

  it('lists the runs due within 7 days without an approved file, and what file there is', async () => {
    clock.set('2027-01-25T09:00:00Z');
    const before = filesAtRiskReport.parse(await report$('admin', '/reports/files-at-risk'));
    expect(before.runs.length).toBeGreaterThan(0);
    expect(before.runs.map((r) => r.order_number)).not.toContain(cancelledNumber);
    for (const run of before.runs) {
      expect(run.ad_due_at >= before.as_of && run.ad_due_at < before.until).toBe(true);
      expect(run.file_state).toBe('none');
    }
    const [first, second] = before.runs;
    const [order] = await h.database.db
      .select()
      .from(orders)
      .where(eq(orders.number, first?.order_number ?? ''));
    const [other] = await h.database.db
      .select()
      .from(orders)
      .where(eq(orders.number, second?.order_number ?? ''));
    const file = (
      id: string,
      o: typeof order,
      run: string,
      approved: boolean,
      status: 'passed' | 'attention',
    ) => ({
      id,
      companyId: o?.companyId ?? 0,
      name: `${id.slice(0, 4)}.pdf`,
      declaredType: 'application/pdf',
      size: 100,
      status,
      orderId: o?.id ?? 0,
      runValue: run,
      approvedAt: approved ? clock.now() : null,
      createdAt: clock.now(),
    });
    await insertRunFile(
      h.database.db,
      file('aaaaaaaa-0000-4000-8000-000000000001', order, first?.run ?? '', true, 'passed'),
    );
    await insertRunFile(
      h.database.db,
      file('bbbbbbbb-0000-4000-8000-000000000002', other, second?.run ?? '', false, 'attention'),
    );
    const after = filesAtRiskReport.parse(await report$('admin', '/reports/files-at-risk'));
    expect(after.runs).toHaveLength(before.runs.length - 1);
    expect(
      after.runs.find((r) => r.order_number === second?.order_number && r.run === second?.run),
    ).toMatchObject({
      file_state: 'attention',
      file_name: 'bbbb.pdf',
    });
    clock.set('2027-02-03T15:00:00Z');
  });

  it('counts carts that had items each month and how many were placed', async () => {
    const report = conversionReport.parse(
      await report$('admin', '/reports/conversion?from=2027-01&to=2027-02'),
    );
    // January: Alpha's, Beta's two, Gamma's and Delta's abandoned cart; four placed. February: Alpha's second.
    expect(report.rows).toEqual([
      { month: '2027-01', carts: 5, placed: 4, rate_percent: 80 },
      { month: '2027-02', carts: 1, placed: 1, rate_percent: 100 },
    ]);
    expect(report.totals).toEqual({ month: 'Total', carts: 6, placed: 5, rate_percent: 83.3 });
    const rep = conversionReport.parse(await report$('rep', '/reports/conversion?from=2027-01&to=2027-02'));
    expect(rep.totals).toMatchObject({ carts: 2, placed: 2 });
  });

  it('exports each report as CSV that a spreadsheet opens as text', async () => {
    const token = await staffToken('admin');
    const get = async (path: string) => {
      const response = await h.app.request(`/api/v1/admin${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
      return { response, text };
    };
    const salesCsv = await get('/reports/sales?from=2027-01&to=2027-02&by=month&format=csv');
    expect(salesCsv.response.status).toBe(200);
    expect(salesCsv.response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(salesCsv.response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="[\w-]+-sales-by-month-2027-01-to-2027-02\.csv"$/,
    );
    const json = await sales$('admin', 'from=2027-01&to=2027-02&by=month');
    const lines = salesCsv.text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFMonth,Orders,Booked,Cancelled,Net,Delivered,Collected');
    expect(lines[1]?.split(',')[2]).toBe(((json.rows[0]?.booked_cents ?? 0) / 100).toFixed(2));
    expect(lines[3]?.startsWith('Total,')).toBe(true);
    clock.set('2027-01-25T09:00:00Z');
    const risk = await get('/reports/files-at-risk?format=csv');
    expect(risk.text).toContain(`"'=SUM(1, 2) ""Beta"""`);
    expect(risk.text).not.toMatch(/(^|,)"?=SUM/m);
    const conversion = await get('/reports/conversion?from=2027-01&to=2027-02&format=csv');
    expect(conversion.text.split('\r\n')[1]).toBe('2027-01,5,4,80.0');
    clock.set('2027-02-03T15:00:00Z');
  });

  it('refuses a period it cannot read with a sentence saying what to change', async () => {
    const token = await staffToken('admin');
    const refused = async (query: string, message: RegExp) => {
      const answer = await adminCall(h, 'GET', `/reports/sales?${query}`, { token });
      expect(answer.status, query).toBe(400);
      expect(answer.body.message).toMatch(message);
    };
    await refused('from=2027-05&to=2027-01', /comes after the last/);
    await refused('from=2020-01&to=2027-01', /at most 36 months/);
    await refused('from=1999-12&to=2000-01', /YYYY-MM, from 2000-01 to 2099-12/);
    await refused('from=2027-13', /YYYY-MM/);
    await refused('by=year', /Group by month, channel, market, rep/);
    await refused('format=xlsx', /json or csv/);
    // The default: the last 12 months by the clock, this one included.
    const fallback = await sales$('admin', '');
    expect([fallback.from, fallback.to, fallback.rows.length]).toEqual(['2026-03', '2027-02', 12]);
    const production = await adminCall(h, 'GET', '/reports/sales', { token: await staffToken('production') });
    expect(production.status).toBe(403);
  });
});

async function marketName(h: Harness, prodcode: string): Promise<string> {
  const [row] = await h.database.db
    .select({ name: markets.name })
    .from(markets)
    .where(eq(markets.prodcode, prodcode));
  return row?.name ?? '';
}
