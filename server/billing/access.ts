import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { canPayInvoices } from '../../contract/roles';
import type { Account } from '../data/accounts';
import type { Db } from '../db/client';
import { companies } from '../db/schema';
import type { AppEnv } from '../env';
import { signedInUser } from '../http/auth';
import { fail } from '../http/envelope';

export const INVOICES_REFUSED =
  'Only the owner or an admin of your company can see and pay invoices: ask the owner to allow members to pay.';

/** Whether the account may read and pay its company's invoices, by its role and the owner's choice. */
export async function mayPayInvoices(db: Db, account: Account): Promise<boolean> {
  if (canPayInvoices(account.role, false)) return true;
  const [company] = await db
    .select({ membersMayPay: companies.membersMayPay })
    .from(companies)
    .where(eq(companies.id, account.companyId));
  return canPayInvoices(account.role, company?.membersMayPay ?? false);
}

/**
 * Allows the rest of the route to those who may pay invoices: the owner and admins, and members once
 * the owner lets them pay (they then read invoices too, but never the billing contact or card).
 */
export const requireInvoiceReader = createMiddleware<AppEnv>(async (c, next) => {
  if (!(await mayPayInvoices(c.var.db, signedInUser(c).account))) return fail(c, 403, INVOICES_REFUSED);
  await next();
});
