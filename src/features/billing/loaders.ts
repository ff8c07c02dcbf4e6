import { can } from '../../../contract/roles';
import { selectUserData } from '../../../machines/session/selectors';
import { fetchInvoice, fetchInvoices, loadBillingContact } from '../../api/billing';
import type { AppHandle } from '../../system/handle';
import type { BillingAccess } from './BillingPage';

/** The owner and admins manage billing; a member may only see invoices once the owner lets members pay. */
const mayBill = async (app: AppHandle) =>
  can(selectUserData((await app.ready).session.getSnapshot())?.role, 'billing');

/**
 * /billing's data: the saved billing contact for the owner and admins; for a member, whether the
 * owner lets members pay (the API says so by answering the list: only the company knows).
 */
export async function loadBillingPage(app: AppHandle): Promise<BillingAccess> {
  if (await mayBill(app)) return { contact: await loadBillingContact(), invoices: true };
  return { contact: null, invoices: (await fetchInvoices({ status: null, page: 1 })).ok };
}

/** /billing/{number}'s data: the invoice (looked up at Stripe first when coming back from paying), or why not. */
export const loadInvoicePage = (number: string, sessionId: string | undefined) =>
  fetchInvoice(number, sessionId);
