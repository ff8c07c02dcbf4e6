import { createFileRoute } from '@tanstack/react-router';
import { BillingPage } from '../../../../features/billing/BillingPage';
import { parseBillingSearch } from '../../../../features/billing/billingSearch';
import { loadInvoicesList } from '../../../../features/billing/invoicesLoader';
import { heldActorRoute } from '../../../../system/heldActorRoute';

export const Route = createFileRoute('/_dashboard/billing/_access/')({
  // The loader (and the invoices' code it loads) loads with the page, not with the first route.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: parseBillingSearch,
  // The invoices the address names: every invoice from page 1 unless it says otherwise.
  loaderDeps: ({ search: { status, page } }) => ({ status: status ?? null, page: page ?? 1 }),
  // After the access its layout loaded: the invoices' actor, held by the route while it is shown.
  loader: (load) => loadInvoicesList(load, load.deps),
  ...heldActorRoute,
  component: function Billing() {
    const { invoices, access } = Route.useLoaderData();
    return (
      <BillingPage
        status={Route.useLoaderDeps().status}
        access={access}
        invoices={invoices}
        cardSession={Route.useSearch().session_id ?? null}
      />
    );
  },
});
