import { createFileRoute } from '@tanstack/react-router';
import { can } from '../../../../contract/roles';
import { selectUserData } from '../../../../machines/session/selectors';
import { InvoicePage } from '../../../features/billing/InvoicePage';

export const Route = createFileRoute('/_dashboard/billing/$invoiceNumber')({
  loader: async ({ context, params }) => {
    // A member may not read invoices: told so here, without asking the API what it would refuse.
    const app = await context.app.ready;
    if (!can(selectUserData(app.session.getSnapshot())?.role, 'billing'))
      return {
        ok: false as const,
        message: 'Invoices are for the owner and admins of your company: ask one of them for this one.',
        fieldErrors: {},
        status: 403,
      };
    // Loaded here, not imported: route options are in the first bundle, the billing API is not.
    const { fetchInvoice } = await import('../../../api/billing');
    return fetchInvoice(params.invoiceNumber);
  },
  component: function InvoiceRoute() {
    return <InvoicePage invoice={Route.useLoaderData()} />;
  },
});
