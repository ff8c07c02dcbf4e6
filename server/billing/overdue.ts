import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { formatCentsExact } from '../../contract/money';
import { isoDay } from '../../contract/schedule';
import { invoices } from '../db/schema';
import { mails } from '../mail/messages';
import { type MailDeps, transportOf, writeMail } from '../mail/send';
import { brandOf } from '../mail/templates/brand';
import { balanceSql, orderSumsOf } from './status';

const BATCH = 50;
/**
 * Only invoices that fell due this recently are reminded: the first run after an upgrade (or a
 * server stopped for weeks) does not e-mail every billing contact about every invoice of years past.
 */
export const OVERDUE_WINDOW_DAYS = 7;

/**
 * E-mails the billing contact of every invoice that fell due in the last week with something left
 * to pay (server/billing/status.ts), once (the `invoices.overdue` job, daily). Invoices are claimed
 * with FOR UPDATE SKIP LOCKED and marked in the transaction that writes their e-mail and queues its
 * sending, so two replicas never send one twice. Answers how many went.
 */
export async function remindOverdueInvoices(deps: MailDeps): Promise<number> {
  const { config } = deps;
  const now = deps.clock();
  const since = new Date(now.getTime() - OVERDUE_WINDOW_DAYS * 86_400_000);
  const goesOut = transportOf(deps) !== null;
  let reminded = 0;
  for (;;) {
    const batch = await deps.jobs.inTransaction(deps.db, async (tx, send) => {
      // What is left to pay by the balance rule: a paid invoice is not reminded.
      const sums = orderSumsOf(tx);
      const owedCents = balanceSql(sums);
      const due = await tx
        .select({
          id: invoices.id,
          number: invoices.number,
          billTo: invoices.billTo,
          dueAt: invoices.dueAt,
          owed: owedCents,
        })
        .from(invoices)
        .innerJoinLateral(sums, sql`true`)
        .where(
          and(
            isNull(invoices.overdueRemindedAt),
            lt(invoices.dueAt, now),
            gte(invoices.dueAt, since),
            sql`${owedCents} > 0`,
          ),
        )
        .orderBy(asc(invoices.dueAt), asc(invoices.id))
        .limit(BATCH)
        .for('update', { of: invoices, skipLocked: true });
      for (const invoice of due) {
        const mail = await mails.invoiceOverdue(
          invoice.billTo.email,
          brandOf(config),
          {
            name: invoice.billTo.name,
            invoice: invoice.number,
            due: isoDay(invoice.dueAt),
            balance: formatCentsExact(invoice.owed),
          },
          `${config.publicUrl}/billing`,
        );
        await writeMail(tx, send, mail, now, goesOut);
        await tx.update(invoices).set({ overdueRemindedAt: now }).where(eq(invoices.id, invoice.id));
      }
      return due.length;
    });
    reminded += batch;
    if (batch < BATCH) return reminded;
  }
}
