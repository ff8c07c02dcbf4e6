import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  applyCreditBody,
  type CreditAnswer,
  centsOf,
  companyId,
  creditBody,
  MONEY_PER_PAGE,
  moneyQuery,
  paymentBody,
  type RecordedPayment,
} from '../../contract/adminMoney';
import { centsToDollars, formatCentsExact } from '../../contract/money';
import { dayInWords, isoDay } from '../../contract/schedule';
import { applyCredit, creditForUpdate, issueCredit } from '../data/credits';
import { recordPayment } from '../data/manualPayments';
import {
  companyByCoid,
  creditCompanyOf,
  type InvoiceAfter,
  invoiceIdsOf,
  type MoneyRefusal,
} from '../data/moneyIn';
import { companyCredits, manualPayments } from '../db/schema';
import type { AppEnv } from '../env';
import { InvalidFields } from '../http/body';
import { fail, ok, okEnvelope } from '../http/envelope';
import { jsonAnswer } from '../http/jsonAnswer';
import { paymentDeps } from '../http/paymentDeps';
import { BadInput } from '../http/validate';
import { formBody, query } from '../http/validators';
import { closeOpenPages } from '../payments/closePages';
import { DAY_MS } from '../time';
import { audit } from './audit';
import { requireStaff, signedInStaff } from './auth';
import { creditViewsOf, moneyCompanyOf, paymentViewsOf } from './moneyViews';

const noSuchCompany = (c: Context<AppEnv>) =>
  fail(c, 404, 'There is no such company: pick it again from its page in the back office.');

/** A refusal as its answer: a field's goes back by that field, so the form shows it there. */
function refuse(c: Context<AppEnv>, refused: MoneyRefusal) {
  if (refused.status === 422 && refused.field)
    throw new InvalidFields({ [refused.field]: refused.message }, refused.message);
  return fail(c, refused.status, refused.message);
}

/** How far back a payment may say it arrived: a year, and the day of a leap year. */
const PAYMENT_DAYS_BACK = 366;

const PAGE_NOT_CLOSED =
  'Card payment is not answering right now, and a Pay now page of this invoice is still open, so nothing is recorded: try again in a minute.';

/**
 * Closes the open Pay now pages of a company's invoices before money is put against them, as a
 * cancel does (server/orders/cancel.ts): a page asks the balance of when it was made, and paid after
 * this money, the customer would pay twice. False when Stripe could not be asked: then nothing may
 * change. A page still pending after this (being made, or an automatic charge) refuses in the write.
 */
async function closePagesOf(c: Context<AppEnv>, companyId: number, numbers: readonly string[]) {
  const deps = paymentDeps(c, c.var.payments);
  for (const id of await invoiceIdsOf(c.var.db, companyId, numbers))
    if (!(await closeOpenPages(deps, id))) return false;
  return true;
}

/** Thrown inside a transaction to roll it back and answer the refusal. */
class Refused extends Error {
  constructor(readonly refusal: MoneyRefusal) {
    super(refusal.message);
  }
}

const invoiceAfterOf = (i: InvoiceAfter) => ({
  number: i.number,
  status: i.status,
  balance: centsToDollars(i.balanceCents),
  balance_formatted: formatCentsExact(i.balanceCents),
});

const created = <T>(c: Context<AppEnv>, data: T, message: string) =>
  jsonAnswer(c, okEnvelope(data, {}, message), 201);

/** What the audit log keeps of a credit: what it is and what is left of it. */
const creditRecord = (id: number, coid: string) => `${coid}/${id}`;

/** GET and POST /admin/money…, /admin/payments, /admin/credits: money that arrives outside Stripe. */
export const moneyRoutes = new Hono<AppEnv>()
  .get('/money', requireStaff('money.manage'), query(moneyQuery), async (c) => {
    const { company: coid, page } = c.req.valid('query');
    const company = coid ? await companyByCoid(c.var.db, coid) : null;
    if (coid && !company) return noSuchCompany(c);
    const at = { limit: MONEY_PER_PAGE, offset: (page - 1) * MONEY_PER_PAGE };
    const [payments, credits] = await Promise.all([
      paymentViewsOf(c.var.db, company ? eq(manualPayments.companyId, company.id) : undefined, at),
      creditViewsOf(c.var.db, company ? eq(companyCredits.companyId, company.id) : undefined, at),
    ]);
    return ok(c, { payments, credits }, { page, per_page: MONEY_PER_PAGE });
  })
  .get('/money/companies/:coid', requireStaff('money.manage'), async (c) => {
    const coid = companyId.safeParse(c.req.param('coid'));
    const company = coid.success ? await companyByCoid(c.var.db, coid.data) : null;
    if (!company) return noSuchCompany(c);
    return ok(c, await moneyCompanyOf(c.var.db, company, c.var.clock()));
  })
  .post('/payments', requireStaff('money.manage'), formBody(paymentBody), async (c) => {
    const body = c.req.valid('form');
    const now = c.var.clock();
    const today = isoDay(now);
    if (body.date > today)
      throw new InvalidFields(
        { date: `The payment cannot have arrived after today, ${dayInWords(today)}.` },
        `The payment cannot have arrived after today, ${dayInWords(today)}.`,
      );
    // A check of years ago is a typo of the year: it would count as collected in a month long closed.
    const earliest = isoDay(new Date(now.getTime() - PAYMENT_DAYS_BACK * DAY_MS));
    if (body.date < earliest) {
      const sentence = `The payment's date is within the last year, ${dayInWords(earliest)} or later: check the year.`;
      throw new InvalidFields({ date: sentence }, sentence);
    }
    const company = await companyByCoid(c.var.db, body.company);
    if (!company) return noSuchCompany(c);
    if (
      !(await closePagesOf(
        c,
        company.id,
        body.invoices.map((i) => i.number),
      ))
    )
      return fail(c, 503, PAGE_NOT_CLOSED);
    const member = signedInStaff(c);
    let outcome: RecordedPayment;
    try {
      outcome = await c.var.db.transaction(async (tx) => {
        const recorded = await recordPayment(tx, {
          company,
          method: body.method,
          reference: body.reference,
          amountCents: centsOf(body.amount),
          receivedOn: body.date,
          invoices: body.invoices.map((i) => ({
            number: i.number,
            cents: i.amount === undefined ? undefined : centsOf(i.amount),
          })),
          staffId: member.id,
          now,
        });
        if ('status' in recorded) throw new Refused(recorded);
        const [payment] = await paymentViewsOf(tx, eq(manualPayments.id, recorded.paymentId));
        if (!payment) throw new Error('The payment was not found after it was stored.');
        await audit(tx, c, {
          action: 'payment.recorded',
          record: { type: 'payment', id: `${company.coid}/${recorded.paymentId}` },
          before: null,
          after: payment,
        });
        return { payment, invoices: recorded.invoices.map(invoiceAfterOf) };
      });
    } catch (error) {
      if (error instanceof Refused) return refuse(c, error.refusal);
      throw error;
    }
    const paid = outcome.invoices.filter((i) => i.status === 'paid').map((i) => i.number);
    const credit = outcome.payment.credit;
    return created(
      c,
      outcome,
      [
        `The ${outcome.payment.amount_formatted} payment is recorded.`,
        paid.length > 0 ? `Paid: ${paid.join(', ')}.` : '',
        credit ? `${credit.amount_formatted} left over is a credit on ${company.name}.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
  })
  .post('/credits', requireStaff('money.manage'), formBody(creditBody), async (c) => {
    const body = c.req.valid('form');
    const company = await companyByCoid(c.var.db, body.company);
    if (!company) return noSuchCompany(c);
    if (body.invoice && !(await closePagesOf(c, company.id, [body.invoice])))
      return fail(c, 503, PAGE_NOT_CLOSED);
    const member = signedInStaff(c);
    const now = c.var.clock();
    let outcome: CreditAnswer;
    try {
      outcome = await c.var.db.transaction(async (tx) => {
        const id = await issueCredit(tx, {
          company,
          amountCents: centsOf(body.amount),
          reason: body.reason,
          staffId: member.id,
          now,
        });
        const [issued] = await creditViewsOf(tx, eq(companyCredits.id, id));
        await audit(tx, c, {
          action: 'credit.issued',
          record: { type: 'credit', id: creditRecord(id, company.coid) },
          before: null,
          after: issued,
        });
        let invoice: InvoiceAfter | null = null;
        if (body.invoice) {
          const locked = await creditForUpdate(tx, id);
          if (!locked) throw new Error('The credit was not found after it was stored.');
          const applied = await applyCredit(tx, locked, { number: body.invoice, staffId: member.id, now });
          if ('status' in applied) throw new Refused(applied);
          invoice = applied.invoice;
        }
        const [credit] = await creditViewsOf(tx, eq(companyCredits.id, id));
        if (!credit) throw new Error('The credit was not found after it was stored.');
        if (invoice)
          await audit(tx, c, {
            action: 'credit.applied',
            record: { type: 'credit', id: creditRecord(id, company.coid) },
            before: issued ?? null,
            after: credit,
          });
        return { credit, invoice: invoice ? invoiceAfterOf(invoice) : null };
      });
    } catch (error) {
      if (error instanceof Refused) return refuse(c, error.refusal);
      throw error;
    }
    const message = outcome.invoice
      ? `The ${outcome.credit.amount_formatted} credit is issued and applied to ${outcome.invoice.number}.`
      : `The ${outcome.credit.amount_formatted} credit is issued to ${company.name}.`;
    return created(c, outcome, message);
  })
  .post('/credits/:id/apply', requireStaff('money.manage'), formBody(applyCreditBody), async (c) => {
    const raw = c.req.param('id');
    if (!/^[1-9]\d{0,8}$/.test(raw)) throw new BadInput('The credit id in the address is not valid.');
    const body = c.req.valid('form');
    const companyOfCredit = await creditCompanyOf(c.var.db, Number(raw));
    if (companyOfCredit !== null && !(await closePagesOf(c, companyOfCredit, [body.invoice])))
      return fail(c, 503, PAGE_NOT_CLOSED);
    const member = signedInStaff(c);
    const now = c.var.clock();
    let outcome: CreditAnswer | null;
    try {
      outcome = await c.var.db.transaction(async (tx) => {
        const locked = await creditForUpdate(tx, Number(raw));
        if (!locked) return null;
        const record = { type: 'credit' as const, id: creditRecord(locked.id, locked.company.coid) };
        const [before] = await creditViewsOf(tx, eq(companyCredits.id, locked.id));
        const applied = await applyCredit(tx, locked, {
          number: body.invoice,
          cents: body.amount === undefined ? undefined : centsOf(body.amount),
          staffId: member.id,
          now,
        });
        if ('status' in applied) throw new Refused(applied);
        const [credit] = await creditViewsOf(tx, eq(companyCredits.id, locked.id));
        if (!credit) throw new Error('The credit was not found after it was applied.');
        await audit(tx, c, { action: 'credit.applied', record, before: before ?? null, after: credit });
        return { credit, invoice: invoiceAfterOf(applied.invoice) };
      });
    } catch (error) {
      if (error instanceof Refused) return refuse(c, error.refusal);
      throw error;
    }
    if (!outcome) return fail(c, 404, 'There is no such credit.');
    return ok(
      c,
      outcome,
      {},
      `${formatCentsExact(Math.round((outcome.credit.applications.at(-1)?.amount ?? 0) * 100))} of the credit is applied to ${body.invoice}.`,
    );
  });
