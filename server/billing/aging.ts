import { and, type SQL, sql } from 'drizzle-orm';
import { invoices } from '../db/schema';
import { DAY_MS } from '../time';
import { balanceSql, invoiceStatusSql, type orderSumsOf } from './status';

/**
 * How long an invoice is past due, for the receivables report and the overdue reminders (issue 32):
 * in whole UTC days, from its due date's UTC day to the clock's, so every replica and every run of a
 * day count the same. 0 on the due day itself and before it.
 */

/** The UTC day of an instant (YYYY-MM-DD). */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

export const daysPastDue = (dueAt: Date, now: Date): number =>
  Math.max(0, Math.round((Date.parse(utcDay(now)) - Date.parse(utcDay(dueAt))) / DAY_MS));

/** daysPastDue in SQL, without the floor at 0 (a negative count is an invoice not yet due). */
export const daysPastDueSql = (now: Date): SQL<number> =>
  sql<number>`(${utcDay(now)}::date - (${invoices.dueAt} at time zone 'UTC')::date)`;

type OrderSums = ReturnType<typeof orderSumsOf>;

/**
 * An invoice the company owes money on, on its terms: something left to pay by the balance rule
 * (server/billing/status.ts) and not void. A card checkout still waiting for its Stripe payment is
 * not owed on terms: it is paid within the hour or released (its orders cancelled, so it turns void),
 * so neither the receivables nor the reminders count it.
 */
export const owedOnTermsSql = (sums: OrderSums, now: Date): SQL | undefined =>
  and(
    sql`${balanceSql(sums)} > 0`,
    sql`${invoiceStatusSql(sums, now)} <> 'void'`,
    sql`not (${invoices.paymentMethod} = 'card' and ${invoices.payBy} is not null and ${invoices.paidAt} is null)`,
  );
