import { createFileRoute } from '@tanstack/react-router';
import { loadBillingPage } from '../../../features/billing/loaders';

/**
 * The Billing page's access, once a visit: whether the invoices may be asked for at all (the session's
 * role, asking the API nothing) and, for the owner and admins, the saved billing contact. Its page
 * (./_access/index.tsx) loads each filter and page of the invoices after it, and another filter is the
 * same visit: it asks none of this again.
 */
export const Route = createFileRoute('/_dashboard/billing/_access')({
  // The loader (and the billing API it calls) loads with the page, not with the first route.
  codeSplitGroupings: [['loader']],
  loader: ({ context }) => loadBillingPage(context.app),
});
