import type { AppHandle } from '../../system/handle';
import { heldByRoute } from '../../system/routeActor';
import { type BillingUrlSearch, invoicesKeyOf } from './billingSearch';

/**
 * The Billing route's onEnter, onStay and onLeave: the route holds the invoices' actor (invoicesList),
 * whose code loads with the page, and shows it the filter and page its address names. Read from the
 * search, not loaderDeps: another filter is the same page, and must not load the page's access again.
 */
export const invoicesListHooks = heldByRoute(
  async () => (await import('./useInvoices')).invoicesList,
  (match: { context: { app: AppHandle }; search: BillingUrlSearch }) => invoicesKeyOf(match.search),
);
