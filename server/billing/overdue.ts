import { and, asc, gte, isNotNull, sql } from 'drizzle-orm';
import { REMINDER_STEPS } from '../../contract/adminInvoice';
import { formatCentsExact } from '../../contract/money';
import { isoDay } from '../../contract/schedule';
import { invoiceReminders, invoices } from '../db/schema';
import { mails } from '../mail/messages';
import { type MailDeps, transportOf, writeMail } from '../mail/send';
import { brandOf } from '../mail/templates/brand';
import { DAY_MS } from '../time';
import { daysPastDue, daysPastDueSql, owedOnTermsSql } from './aging';
import { balanceSql, orderSumsOf } from './status';

const BATCH = 50;

/**
 * The last step is sent until this many days past due, and never later: the first run after an
 * upgrade (or a server stopped for months) does not e-mail every billing contact about every invoice
 * of years past, as it would if "30 days past due" had no end.
 */
const LAST_STEP_UNTIL_DAYS = 60;

/**
 * The step an invoice is in, in SQL over daysPastDueSql: step s from day s until the next step's day
 * (the last until LAST_STEP_UNTIL_DAYS), else null. Only that step is ever sent, so a server stopped
 * for weeks sends the latest step due and not the ones it missed, and no step goes out late.
 */
function reminderStepSql(days: ReturnType<typeof daysPastDueSql>) {
  const whens = REMINDER_STEPS.map((step, i) => {
    const until = REMINDER_STEPS[i + 1] ?? LAST_STEP_UNTIL_DAYS;
    // Written into the statement: a bound parameter would make the case's value text.
    const [from, to] = [sql.raw(String(step)), sql.raw(String(until))];
    return sql`when ${days} >= ${from} and ${days} < ${to} then ${from}`;
  });
  return sql<number | null>`(case ${sql.join(whens, sql` `)} else null end)`;
}

/**
 * E-mails the billing contact of every invoice owed on terms (server/billing/aging.ts) at 1, 7 and 30
 * days past its due date (whole UTC days), each step once (the `invoices.overdue` job, daily: the
 * steps are whole days, so a daily run sends each on its day). Each is logged in `invoice_reminders`
 * (unique by invoice and step) in the transaction that writes its e-mail and queues its sending;
 * invoices are claimed with FOR UPDATE SKIP LOCKED, and a step another replica logged first is left,
 * so two replicas never send one twice. An invoice reminded before the steps existed
 * (`overdue_reminded_at`) counts step 1 as sent. Answers how many went.
 */
export async function remindOverdueInvoices(deps: MailDeps): Promise<number> {
  const { config } = deps;
  const now = deps.clock();
  // An invoice due before this is past every step: not read at all.
  const oldest = new Date(now.getTime() - (LAST_STEP_UNTIL_DAYS + 1) * DAY_MS);
  const goesOut = transportOf(deps) !== null;
  let reminded = 0;
  for (;;) {
    const batch = await deps.jobs.inTransaction(deps.db, async (tx, send) => {
      let sent = 0;
      const sums = orderSumsOf(tx);
      const days = daysPastDueSql(now);
      const step = reminderStepSql(days);
      const due = await tx
        .select({
          id: invoices.id,
          number: invoices.number,
          billTo: invoices.billTo,
          dueAt: invoices.dueAt,
          owed: balanceSql(sums),
          step,
        })
        .from(invoices)
        .innerJoinLateral(sums, sql`true`)
        .where(
          and(
            gte(invoices.dueAt, oldest),
            owedOnTermsSql(sums, now),
            isNotNull(step),
            sql`not exists (select 1 from ${invoiceReminders} where ${invoiceReminders.invoiceId} = ${invoices.id} and ${invoiceReminders.step} = ${step})`,
            sql`not (${step} = 1 and ${invoices.overdueRemindedAt} is not null)`,
          ),
        )
        .orderBy(asc(invoices.dueAt), asc(invoices.id))
        .limit(BATCH)
        .for('update', { of: invoices, skipLocked: true });
      for (const invoice of due) {
        if (invoice.step === null) continue;
        // The log row first: a replica that logged this step already (committed after this one
        // read) leaves it with nothing inserted, and no second e-mail is written.
        const [logged] = await tx
          .insert(invoiceReminders)
          .values({ invoiceId: invoice.id, step: invoice.step, sentTo: invoice.billTo.email, sentAt: now })
          .onConflictDoNothing()
          .returning({ id: invoiceReminders.id });
        if (!logged) continue;
        const mail = await mails.invoiceOverdue(
          invoice.billTo.email,
          brandOf(config),
          {
            name: invoice.billTo.name,
            invoice: invoice.number,
            due: isoDay(invoice.dueAt),
            daysPastDue: daysPastDue(invoice.dueAt, now),
            balance: formatCentsExact(invoice.owed),
          },
          `${config.publicUrl}/billing`,
        );
        await writeMail(tx, send, mail, now, goesOut);
        sent += 1;
      }
      return { claimed: due.length, sent };
    });
    reminded += batch.sent;
    if (batch.claimed < BATCH) return reminded;
  }
}
