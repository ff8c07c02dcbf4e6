import { can, maySeeInvoices } from '../../../contract/roles';
import { selectUserData } from '../../../machines/session/selectors';
import { fetchInvoice, loadBillingContact } from '../../api/billing';
import type { AppHandle } from '../../system/handle';
import type { BillingAccess } from './BillingPage';

const userOf = async (app: AppHandle) => selectUserData((await app.ready).session.getSnapshot());

/**
 * /billing's data: the saved billing contact for the owner and admins; a member sees the invoices
 * once the owner lets members pay, and the API is not asked what it would refuse.
 */
export async function loadBillingPage(app: AppHandle): Promise<BillingAccess> {
  const user = await userOf(app);
  if (can(user?.role, 'billing')) return { contact: await loadBillingContact(), invoices: true };
  return { contact: null, invoices: maySeeInvoices(user) };
}

/** /billing/{number}'s data: the invoice (looked up at Stripe first when coming back from paying), or why not. */
export const loadInvoicePage = async (app: AppHandle, number: string, sessionId: string | undefined) =>
  maySeeInvoices(await userOf(app))
    ? fetchInvoice(number, sessionId)
    : {
        ok: false as const,
        message:
          'Invoices are for the owner and admins of your company: ask the owner to let members pay them.',
        fieldErrors: {},
        status: 403,
      };
