import { createFileRoute } from '@tanstack/react-router';
import { BillingPage } from '../../../features/billing/BillingPage';
import { invoicesKeyOf, parseBillingSearch } from '../../../features/billing/billingSearch';
import { invoicesListHooks } from '../../../features/billing/invoicesRoute';
import { loadBillingPage } from '../../../features/billing/loaders';

export const Route = createFileRoute('/_dashboard/billing/')({
  // The loader (and the billing API it calls) loads with the page, not with the first route.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: parseBillingSearch,
  loader: ({ context }) => loadBillingPage(context.app),
  // The route holds the invoices' actor and shows it the filter and page the address names.
  ...invoicesListHooks,
  component: function Billing() {
    const search = Route.useSearch();
    const { status, page } = invoicesKeyOf(search);
    return (
      <BillingPage
        status={status}
        page={page}
        access={Route.useLoaderData()}
        cardSession={search.session_id ?? null}
      />
    );
  },
});
