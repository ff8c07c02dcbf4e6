import { createFileRoute } from '@tanstack/react-router';
import { parseInvoiceSearch } from '../../../features/billing/billingSearch';
import { InvoicePage } from '../../../features/billing/InvoicePage';
import { loadInvoicePage } from '../../../features/billing/loaders';

export const Route = createFileRoute('/_dashboard/billing/$invoiceNumber')({
  // The loader (and the billing API it calls) loads with the page, not with the first route.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: parseInvoiceSearch,
  loaderDeps: ({ search }) => ({ sessionId: search.session_id }),
  loader: ({ context, params, deps }) => loadInvoicePage(context.app, params.invoiceNumber, deps.sessionId),
  component: function InvoiceRoute() {
    return <InvoicePage invoice={Route.useLoaderData()} />;
  },
});
