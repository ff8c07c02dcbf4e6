import { createFileRoute } from '@tanstack/react-router';
import { InvoicePage } from '../../../features/billing/InvoicePage';

export const Route = createFileRoute('/_dashboard/billing/$invoiceNumber')({
  loader: async ({ context, params }) => {
    // Loaded here, not imported: route options are in the first bundle, the billing API is not.
    const { loadInvoicePage } = await import('../../../features/billing/loaders');
    return loadInvoicePage(context.app, params.invoiceNumber);
  },
  component: function InvoiceRoute() {
    return <InvoicePage invoice={Route.useLoaderData()} />;
  },
});
