import { createMiddleware } from 'hono/factory';
import { canPayInvoices } from '../../contract/roles';
import type { AppEnv } from '../env';
import { signedInUser } from '../http/auth';
import { fail } from '../http/envelope';

export const INVOICES_REFUSED =
  'Only the owner or an admin of your company can see and pay invoices: ask the owner to allow members to pay.';

/**
 * Allows the rest of the route to those who may pay invoices: the owner and admins, and members once
 * the owner lets them pay (they then read invoices too, but never the billing contact or card).
 */
export const requireInvoiceReader = createMiddleware<AppEnv>(async (c, next) => {
  const { account } = signedInUser(c);
  if (!canPayInvoices(account.role, account.membersMayPay)) return fail(c, 403, INVOICES_REFUSED);
  await next();
});
