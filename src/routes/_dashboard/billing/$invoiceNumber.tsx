import { createFileRoute } from '@tanstack/react-router';
import { parseInvoiceSearch } from '../../../features/billing/billingSearch';
import { InvoicePage } from '../../../features/billing/InvoicePage';

export const Route = createFileRoute('/_dashboard/billing/$invoiceNumber')({
  validateSearch: parseInvoiceSearch,
  loaderDeps: ({ search }) => ({ sessionId: search.session_id }),
  loader: async ({ context, params, deps }) => {
    // Loaded here, not imported: route options are in the first bundle, the billing API is not.
    const { loadInvoicePage } = await import('../../../features/billing/loaders');
    return loadInvoicePage(context.app, params.invoiceNumber, deps.sessionId);
  },
  component: function InvoiceRoute() {
    return <InvoicePage invoice={Route.useLoaderData()} />;
  },
});
