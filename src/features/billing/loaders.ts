import { can } from '../../../contract/roles';
import { selectUserData } from '../../../machines/session/selectors';
import { fetchInvoice, loadBillingContact } from '../../api/billing';
import type { AppHandle } from '../../system/handle';

/** Billing is not for everyone: a member is told so by the page, and the API is not asked what it would refuse. */
const mayBill = async (app: AppHandle) =>
  can(selectUserData((await app.ready).session.getSnapshot())?.role, 'billing');

/** /billing's data: the saved billing contact, or null for a role that may not read it. */
export const loadBillingPage = async (app: AppHandle) => ((await mayBill(app)) ? loadBillingContact() : null);

/** /billing/{number}'s data: the invoice, or why a member is not shown it. */
export const loadInvoicePage = async (app: AppHandle, number: string) =>
  (await mayBill(app))
    ? fetchInvoice(number)
    : {
        ok: false as const,
        message: 'Invoices are for the owner and admins of your company: ask one of them for this one.',
        fieldErrors: {},
        status: 403,
      };
