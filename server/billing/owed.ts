import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invoices } from '../db/schema';
import { balanceSql, invoiceStatusSql, orderSumsOf } from './status';

/**
 * What a company owes on its invoice terms at `now`: the balances of its invoices that are neither
 * paid nor void (open, overdue, or paid in part), through the shared balance and status rules of
 * status.ts. A card checkout's invoice is left out: it is paid on Stripe's page, not on credit.
 */
export async function owedOnInvoices(db: Db, companyId: number, now: Date): Promise<number> {
  const sums = orderSumsOf(db);
  const [row] = await db
    .select({ owed: sql<number>`coalesce(sum(${balanceSql(sums)}), 0)::bigint` })
    .from(invoices)
    .innerJoinLateral(sums, sql`true`)
    .where(
      and(
        eq(invoices.companyId, companyId),
        ne(invoices.paymentMethod, 'card'),
        sql`${invoiceStatusSql(sums, now)} not in ('paid', 'void')`,
      ),
    );
  return Number(row?.owed ?? 0);
}
