import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreditAnswer,
  creditAnswer,
  type MoneyActivity,
  type MoneyCompany,
  moneyActivity,
  moneyCompany,
  type RecordedPayment,
  recordedPayment,
} from '../../contract/adminMoney';
import type { InvoicesAnswer } from '../../contract/billing';
import { envelope } from '../../contract/envelope';
import { formatCentsExact } from '../../contract/money';
import type { StaffRole } from '../../contract/staff';
import { receiptOf } from '../../server/billing/receipt';
import { settleExpired, settleSucceeded } from '../../server/data/paymentSettlement';
import { createPayment } from '../../server/data/payments';
import { openStaffSession } from '../../server/data/staffSessions';
import { auditLog, companies, companyCredits, invoices, orders, payments } from '../../server/db/schema';
import { DRIVERS, type Harness } from './harness';
import { customer, placeOrders, settableClock, signIn } from './orderShop';
import { caller, marketOfZip, placement } from './shop';
import { adminCall, staffSession } from './staffFixtures';

/*
 * Money in (issue 32, part 2): an admin records a check, ACH or wire against a company's invoices,
 * in full, in part or beyond them (the rest becomes a credit); issues credits and applies them. Each
 * is audited, refused with a sentence when it cannot be, and seen by the customer on /billing.
 * Orders are placed on Jan 11, 2027 (invoices due net 30, Feb 10).
 */
const PLACED = '2027-01-11T09:00:00';

describe.each(DRIVERS)('money in on %s', (_name, open) => {
  let h: Harness;
  let tv: string;
  const clock = settableClock(PLACED);
  const call = caller(() => h);
  const staffIds: Partial<Record<StaffRole, string>> = {};
  const staffToken = async (role: StaffRole) =>
    (await openStaffSession(h.database.db, staffIds[role] ?? '', clock.now(), 8, null)).token;

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    tv = (await placement(h, 'tv', { prodcode: await marketOfZip(h, '60601') })).mediacode;
    for (const role of ['admin', 'production', 'rep'] as const)
      staffIds[role] = (await staffSession(h, role, { now: clock.now() })).staff.id;
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const admin = async <T>(method: 'GET' | 'POST', url: string, body?: unknown, role: StaffRole = 'admin') =>
    adminCall<T>(h, method, url, { token: await staffToken(role), body });

  /** A new company with `count` invoices (one TV week each), placed at PLACED: its coid, buyer and invoices. */
  const companyWithInvoices = async (count: number) => {
    clock.set(PLACED);
    const buyer = await customer(call);
    const numbers: string[] = [];
    const weeks = ['2027-02-01', '2027-02-08', '2027-02-15'];
    for (let i = 0; i < count; i++) {
      const placed = await placeOrders(call, buyer.token, [
        { mediacode: tv, dates: [weeks[i] ?? ''], quantity: 5 },
      ]);
      numbers.push(placed.orders[0]?.number ?? '');
    }
    const rows = await h.database.db
      .select({
        invoice: invoices.number,
        coid: companies.coid,
        total: orders.totalCents,
        order: orders.number,
      })
      .from(orders)
      .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .where(eq(orders.number, numbers[0] ?? ''));
    const coid = rows[0]?.coid ?? '';
    const all = await Promise.all(
      numbers.map(async (order) => {
        const [row] = await h.database.db
          .select({ invoice: invoices.number, total: orders.totalCents })
          .from(orders)
          .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
          .where(eq(orders.number, order));
        return { number: row?.invoice ?? '', cents: row?.total ?? 0, order };
      }),
    );
    return { coid, buyer, invoices: all };
  };

  const pay = async (body: Record<string, unknown>, role: StaffRole = 'admin') =>
    admin<RecordedPayment>('POST', '/payments', body, role);

  const billing = async (token: string) => {
    const answer = await call<InvoicesAnswer>('GET', '/invoices', { token });
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  it('records a check that pays two invoices in full, and the customer sees both paid', async () => {
    const { coid, buyer, invoices: [first, second] = [] } = await companyWithInvoices(2);
    if (!first || !second) throw new Error('two invoices were placed');
    const amount = (first.cents + second.cents) / 100;
    const answer = await pay({
      company: coid,
      method: 'check',
      reference: '10442',
      amount,
      date: '2027-01-11',
      invoices: [{ number: first.number }, { number: second.number }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { data } = envelope(recordedPayment).parse(answer.body);
    expect(data.payment.allocations.map((a) => [a.invoice, a.amount])).toEqual([
      [first.number, first.cents / 100],
      [second.number, second.cents / 100],
    ]);
    expect(data.payment.credit).toBeNull();
    expect(data.invoices.map((i) => [i.number, i.status, i.balance])).toEqual([
      [first.number, 'paid', 0],
      [second.number, 'paid', 0],
    ]);
    const seen = await billing(buyer.token);
    const byNumber = new Map(seen.invoices.map((i) => [i.number, i]));
    expect(byNumber.get(first.number)?.status).toBe('paid');
    expect(byNumber.get(second.number)?.status).toBe('paid');
    expect(byNumber.get(first.number)?.payment.received).toEqual([
      {
        method: 'Check',
        reference: '10442',
        date: '2027-01-11',
        amount: first.cents / 100,
        amount_formatted: expect.stringMatching(/^\$/),
      },
    ]);
    expect(seen.outstanding).toBe(0);
    const [entry] = await h.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'payment.recorded'), eq(auditLog.recordId, `${coid}/${data.payment.id}`)),
      );
    expect(entry).toMatchObject({ recordType: 'payment', before: null });
    expect(entry?.after).toMatchObject({ reference: '10442', method: 'check' });
  });

  it('leaves an invoice partially paid, then paid by the next payment', async () => {
    const { coid, buyer, invoices: [invoice] = [] } = await companyWithInvoices(1);
    if (!invoice) throw new Error('an invoice was placed');
    const part = Math.floor(invoice.cents / 3);
    const first = await pay({
      company: coid,
      method: 'ach',
      reference: 'ACH-1',
      amount: part / 100,
      date: '2027-01-11',
      invoices: [{ number: invoice.number }],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(envelope(recordedPayment).parse(first.body).data.invoices[0]).toMatchObject({
      status: 'partial',
      balance: (invoice.cents - part) / 100,
    });
    const partial = (await billing(buyer.token)).invoices.find((i) => i.number === invoice.number);
    expect(partial?.status).toBe('partial');
    expect(partial?.balance).toBe((invoice.cents - part) / 100);
    // Past its due date it is overdue, however much was paid.
    clock.set('2027-02-11T09:00:00');
    const token = await signIn(call, buyer.email);
    expect((await billing(token)).invoices.find((i) => i.number === invoice.number)?.status).toBe('overdue');
    const rest = await pay({
      company: coid,
      method: 'wire',
      reference: 'W-2',
      amount: (invoice.cents - part) / 100,
      date: '2027-02-11',
      invoices: [{ number: invoice.number }],
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect((await billing(token)).invoices.find((i) => i.number === invoice.number)?.status).toBe('paid');
  });

  it('turns an overpayment into a credit on the company', async () => {
    const { coid, invoices: [invoice] = [] } = await companyWithInvoices(1);
    if (!invoice) throw new Error('an invoice was placed');
    const answer = await pay({
      company: coid,
      method: 'check',
      reference: '777',
      amount: (invoice.cents + 12_345) / 100,
      date: '2027-01-11',
      invoices: [{ number: invoice.number }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { data } = envelope(recordedPayment).parse(answer.body);
    expect(data.payment.credit?.amount).toBe(123.45);
    const page = await admin<MoneyCompany>('GET', `/money/companies/${coid}`);
    const company = envelope(moneyCompany).parse(page.body).data;
    expect(company.open_invoices).toEqual([]);
    expect(company.credits.map((c) => [c.source, c.reason, c.remaining])).toEqual([
      ['overpayment', 'Overpayment of check 777', 123.45],
    ]);
    const activity = await admin<MoneyActivity>('GET', `/money?company=${coid}`);
    expect(
      envelope(moneyActivity)
        .parse(activity.body)
        .data.payments.map((p) => p.reference),
    ).toEqual(['777']);
  });

  it('pays amounts given first, and the rest in the order given', async () => {
    const { coid, invoices: [first, second] = [] } = await companyWithInvoices(2);
    if (!first || !second) throw new Error('two invoices were placed');
    const answer = await pay({
      company: coid,
      method: 'check',
      reference: '55',
      amount: (first.cents + 100) / 100,
      date: '2027-01-11',
      invoices: [{ number: first.number }, { number: second.number, amount: 1 }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { data } = envelope(recordedPayment).parse(answer.body);
    expect(data.invoices.map((i) => i.status)).toEqual(['paid', 'partial']);
    // An invoice listed after the payment is used up is named, and nothing is recorded.
    const other = await companyWithInvoices(2);
    const [one, two] = other.invoices;
    const usedUp = await pay({
      company: other.coid,
      method: 'check',
      reference: '56',
      amount: 1,
      date: '2027-01-11',
      invoices: [{ number: one?.number }, { number: two?.number }],
    });
    expect(usedUp.status).toBe(422);
    expect(usedUp.body.message).toBe(
      `Nothing of the $1.00 payment is left for invoice ${two?.number}: the invoices before it use it all. Take ${two?.number} out of this payment, or give each invoice its amount.`,
    );
    const [untouched] = await h.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, one?.number ?? ''));
    expect(untouched?.paidCents).toBe(0);
  });

  it('refuses what cannot be recorded, with a sentence, and records nothing', async () => {
    const mine = await companyWithInvoices(2);
    const theirs = await companyWithInvoices(1);
    const [first, second] = mine.invoices;
    const [other] = theirs.invoices;
    if (!first || !second || !other) throw new Error('invoices were placed');
    const base = { company: mine.coid, method: 'check', reference: '1', date: '2027-01-11' };
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ ...base, amount: 10, invoices: [{ number: other.number }] }, 422, /is not an invoice of/],
      [
        {
          ...base,
          amount: 10,
          company: '00000000-0000-4000-8000-000000000000',
          invoices: [{ number: first.number }],
        },
        404,
        /no such company/,
      ],
      [
        { ...base, amount: first.cents, invoices: [{ number: first.number, amount: first.cents / 100 + 1 }] },
        422,
        /more than the .* still owes/,
      ],
      [
        {
          ...base,
          amount: 1,
          invoices: [
            { number: first.number, amount: 1 },
            { number: second.number, amount: 1 },
          ],
        },
        422,
        /add up to \$2\.00, more than the payment of \$1\.00/,
      ],
      [{ ...base, amount: 10, date: '2027-01-12', invoices: [{ number: first.number }] }, 422, /after today/],
      [
        { ...base, amount: 10, date: '1999-12-31', invoices: [{ number: first.number }] },
        422,
        /2000 or later/,
      ],
      [
        { ...base, amount: 10, date: '2026-01-09', invoices: [{ number: first.number }] },
        422,
        /The payment's date is within the last year, Jan 10, 2026 or later: check the year\./,
      ],
      [{ ...base, amount: 0, invoices: [{ number: first.number }] }, 422, /check the highlighted|at least/],
      [{ ...base, amount: 10, invoices: [] }, 422, /./],
    ];
    for (const [body, status, message] of cases) {
      const answer = await pay(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(`${answer.body.message} ${JSON.stringify(answer.body.data ?? {})}`).toMatch(message);
    }
    // Paid, then again: 409 naming it.
    expect(
      (await pay({ ...base, amount: first.cents / 100, invoices: [{ number: first.number }] })).status,
    ).toBe(201);
    const again = await pay({ ...base, reference: '2', amount: 1, invoices: [{ number: first.number }] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Invoice ${first.number} is already paid.`);
    // Only an admin records money.
    for (const role of ['production', 'rep'] as const)
      expect((await pay({ ...base, amount: 1, invoices: [{ number: second.number }] }, role)).status).toBe(
        403,
      );
    const seen = await h.database.db
      .select({ paid: invoices.paidCents })
      .from(invoices)
      .where(eq(invoices.number, second.number));
    expect(seen[0]?.paid).toBe(0);
  });

  it('refuses a void invoice and one waiting for its checkout card payment', async () => {
    const { coid, buyer, invoices: [invoice] = [] } = await companyWithInvoices(1);
    if (!invoice) throw new Error('an invoice was placed');
    const cancelled = await call('POST', `/orders/${invoice.order}/cancel`, { token: buyer.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const voided = await pay({
      company: coid,
      method: 'check',
      reference: '9',
      amount: 1,
      date: '2027-01-11',
      invoices: [{ number: invoice.number }],
    });
    expect(voided.status).toBe(409);
    expect(voided.body.message).toMatch(/is void/);
    const waiting = await companyWithInvoices(1);
    const [card] = waiting.invoices;
    if (!card) throw new Error('an invoice was placed');
    await h.database.db
      .update(invoices)
      .set({ paymentMethod: 'card', payBy: new Date('2027-01-11T10:00:00') })
      .where(eq(invoices.number, card.number));
    const awaiting = await pay({
      company: waiting.coid,
      method: 'check',
      reference: '9',
      amount: 1,
      date: '2027-01-11',
      invoices: [{ number: card.number }],
    });
    expect(awaiting.status).toBe(409);
    expect(awaiting.body.message).toBe(
      `Invoice ${card.number} waits for the card payment of its checkout, so no money is recorded against it: wait until the customer pays it by card, or until the order is released unpaid, after which the invoice is void.`,
    );
  });

  it('never overpays an invoice when two payments are recorded at once', async () => {
    const { coid, invoices: [invoice] = [] } = await companyWithInvoices(1);
    if (!invoice) throw new Error('an invoice was placed');
    const body = (reference: string) => ({
      company: coid,
      method: 'check',
      reference,
      amount: invoice.cents / 100,
      date: '2027-01-11',
      invoices: [{ number: invoice.number, amount: invoice.cents / 100 }],
    });
    const answers = await Promise.all([pay(body('A')), pay(body('B'))]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const [row] = await h.database.db.select().from(invoices).where(eq(invoices.number, invoice.number));
    expect(row?.paidCents).toBe(invoice.cents);
  });

  it('issues a credit, applies it to an open invoice, and audits both', async () => {
    const { coid, buyer, invoices: [first, second] = [] } = await companyWithInvoices(2);
    if (!first || !second) throw new Error('two invoices were placed');
    const issued = await admin<CreditAnswer>('POST', '/credits', {
      company: coid,
      amount: first.cents / 100,
      reason: 'Goodwill for the late proof',
      invoice: first.number,
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const { data } = envelope(creditAnswer).parse(issued.body);
    expect(data.invoice).toMatchObject({ number: first.number, status: 'paid', balance: 0 });
    expect(data.credit.remaining).toBe(0);
    const more = await admin<CreditAnswer>('POST', '/credits', {
      company: coid,
      amount: 10,
      reason: 'Sorry',
    });
    expect(more.status).toBe(201);
    const credit = envelope(creditAnswer).parse(more.body).data.credit;
    const applied = await admin<CreditAnswer>('POST', `/credits/${credit.id}/apply`, {
      invoice: second.number,
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(envelope(creditAnswer).parse(applied.body).data.invoice).toMatchObject({
      status: 'partial',
      balance: (second.cents - 1000) / 100,
    });
    const spent = await admin('POST', `/credits/${credit.id}/apply`, { invoice: second.number });
    expect(spent.status).toBe(409);
    expect(spent.body.message).toMatch(/Nothing is left/);
    const other = await companyWithInvoices(1);
    const theirs = await admin<CreditAnswer>('POST', '/credits', { company: coid, amount: 5, reason: 'x' });
    const theirsId = envelope(creditAnswer).parse(theirs.body).data.credit.id;
    const wrong = await admin('POST', `/credits/${theirsId}/apply`, { invoice: other.invoices[0]?.number });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toMatch(/is not an invoice of/);
    const tooMuch = await admin('POST', `/credits/${theirsId}/apply`, { invoice: second.number, amount: 6 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toMatch(/more than the \$5\.00 left/);
    const entries = await h.database.db
      .select({ action: auditLog.action, recordId: auditLog.recordId })
      .from(auditLog)
      .where(eq(auditLog.recordId, `${coid}/${credit.id}`));
    expect(entries.map((e) => e.action).sort()).toEqual(['credit.applied', 'credit.issued']);
    const seen = (await billing(buyer.token)).invoices;
    expect(seen.find((i) => i.number === first.number)?.status).toBe('paid');
    expect(seen.find((i) => i.number === second.number)?.payment.credits_applied).toEqual([
      { reason: 'Sorry', at: expect.any(String), amount: 10, amount_formatted: '$10.00' },
    ]);
  });

  it('gives what a check paid for a cancelled order back as a credit', async () => {
    const { coid, buyer, invoices: [invoice] = [] } = await companyWithInvoices(1);
    if (!invoice) throw new Error('an invoice was placed');
    expect(
      (
        await pay({
          company: coid,
          method: 'check',
          reference: '31',
          amount: invoice.cents / 100,
          date: '2027-01-11',
          invoices: [{ number: invoice.number }],
        })
      ).status,
    ).toBe(201);
    const cancelled = await call('POST', `/orders/${invoice.order}/cancel`, { token: buyer.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const credits = await h.database.db
      .select({
        cents: companyCredits.amountCents,
        reason: companyCredits.reason,
        source: companyCredits.source,
      })
      .from(companyCredits)
      .innerJoin(companies, eq(companies.id, companyCredits.companyId))
      .where(eq(companies.coid, coid));
    expect(credits).toEqual([
      { cents: invoice.cents, reason: `Cancelled order ${invoice.order}`, source: 'issued' },
    ]);
    const seen = (await billing(buyer.token)).invoices.find((i) => i.number === invoice.number);
    expect(seen?.status).toBe('void');
    // A credit on the company, not a refund to a card: the invoice shows no refund.
    expect([seen?.payment.refunded, seen?.payment.refunded_formatted]).toEqual([0, '$0.00']);
  });
  it('records no money while a card payment of the invoice is under way, so the customer never pays twice', async () => {
    const { coid, invoices: [invoice] = [] } = await companyWithInvoices(1);
    if (!invoice) throw new Error('an invoice was placed');
    const [row] = await h.database.db.select().from(invoices).where(eq(invoices.number, invoice.number));
    if (!row) throw new Error('No invoice.');
    const check = (reference: string) => ({
      company: coid,
      method: 'check',
      reference,
      amount: 300,
      date: '2027-01-11',
      invoices: [{ number: invoice.number }],
    });
    const creditsOf = async () =>
      h.database.db
        .select({ id: companyCredits.id })
        .from(companyCredits)
        .where(eq(companyCredits.companyId, row.companyId));
    // The automatic charges run has claimed the invoice and waits for Stripe's answer.
    const charging = await createPayment(h.database.db, {
      invoiceId: row.id,
      companyId: row.companyId,
      purpose: 'auto',
      amountCents: invoice.cents,
      createdBy: null,
      now: clock.now(),
    });
    const refused = await pay(check('1'));
    expect([refused.status, refused.body.message]).toEqual([
      409,
      `A card payment of invoice ${invoice.number} is under way at Stripe, so nothing is recorded: look again in a few minutes, once it has gone through or been given up.`,
    ]);
    const credited = await admin('POST', '/credits', {
      company: coid,
      amount: 10,
      reason: 'Goodwill',
      invoice: invoice.number,
    });
    expect(credited.status).toBe(409);
    // Refused as a whole: the credit is not issued either.
    expect(await creditsOf()).toEqual([]);
    await settleExpired(h.database.db, charging, { at: clock.now() });
    // A Pay now page the customer has just opened (Stripe's page is still being made) refuses too.
    const opening = await createPayment(h.database.db, {
      invoiceId: row.id,
      companyId: row.companyId,
      purpose: 'invoice',
      amountCents: invoice.cents,
      createdBy: null,
      now: clock.now(),
    });
    const spare = await admin<CreditAnswer>('POST', '/credits', {
      company: coid,
      amount: 10,
      reason: 'Spare',
    });
    const spareId = envelope(creditAnswer).parse(spare.body).data.credit.id;
    const apply = await admin('POST', `/credits/${spareId}/apply`, { invoice: invoice.number });
    expect(apply.status).toBe(409);
    expect(apply.body.message).toMatch(/is under way at Stripe/);
    // A day later that page can no longer be paid: it is closed first, and the check is recorded.
    clock.set('2027-01-12T10:00:00');
    const recorded = await pay(check('2'));
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    const [page] = await h.database.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, opening));
    expect(page?.status).toBe('expired');
    const [after] = await h.database.db.select().from(invoices).where(eq(invoices.id, row.id));
    expect(after?.paidCents).toBe(30000);
  });
  it('refuses the same check recorded twice, even when both arrive at once, naming the first', async () => {
    const { coid, invoices: [invoice] = [] } = await companyWithInvoices(1);
    if (!invoice) throw new Error('an invoice was placed');
    clock.set('2027-01-12T10:00:00');
    const check = (method = 'check') => ({
      company: coid,
      method,
      reference: '1042',
      amount: 300,
      date: '2027-01-11',
      invoices: [{ number: invoice.number }],
    });
    // A double click: both requests at once, one is recorded.
    const answers = await Promise.all([pay(check()), pay(check())]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const again = await pay(check());
    expect([again.status, again.body.message]).toEqual([
      409,
      expect.stringMatching(
        /^Check 1042 was already recorded on Jan 12, 2027 for \$300\.00 \(received Jan 11, 2027\), so it is not recorded again/,
      ),
    ]);
    const [row] = await h.database.db.select().from(invoices).where(eq(invoices.number, invoice.number));
    expect(row?.paidCents).toBe(30000);
    // A wire with the same reference is another payment.
    expect((await pay(check('wire'))).status).toBe(201);
  });
  it('says on the card receipt only what the card paid, not the check paid before it', async () => {
    const { coid, invoices: [invoice] = [] } = await companyWithInvoices(1);
    if (!invoice) throw new Error('an invoice was placed');
    const checked = await pay({
      company: coid,
      method: 'check',
      reference: '300',
      amount: 300,
      date: '2027-01-11',
      invoices: [{ number: invoice.number }],
    });
    expect(checked.status).toBe(201);
    const [row] = await h.database.db.select().from(invoices).where(eq(invoices.number, invoice.number));
    if (!row) throw new Error('No invoice.');
    // The customer pays the rest with Pay now.
    const rest = invoice.cents - 30000;
    const page = await createPayment(h.database.db, {
      invoiceId: row.id,
      companyId: row.companyId,
      purpose: 'invoice',
      amountCents: rest,
      createdBy: null,
      now: clock.now(),
    });
    const settled = await h.jobs.inTransaction(h.database.db, (tx, send) =>
      settleSucceeded(tx, page, {
        intentId: 'pi_rest',
        amountCents: rest,
        currency: 'usd',
        card: { brand: 'visa', last4: '4242' },
        at: clock.now(),
        send,
      }),
    );
    expect(settled).toBe('applied');
    const receipt = await receiptOf(h.database.db, row.id, clock.now());
    expect(receipt?.facts.paid_formatted).toBe(formatCentsExact(rest));
  });
});
