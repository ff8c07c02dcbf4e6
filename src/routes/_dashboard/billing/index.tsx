import { createFileRoute } from '@tanstack/react-router';
import { BillingPage } from '../../../features/billing/BillingPage';
import { parseBillingSearch } from '../../../features/billing/billingSearch';
import { loadBillingPage } from '../../../features/billing/loaders';

export const Route = createFileRoute('/_dashboard/billing/')({
  // The loader (and the billing API it calls) loads with the page, not with the first route.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: parseBillingSearch,
  loader: ({ context }) => loadBillingPage(context.app),
  component: function Billing() {
    const { status, page, session_id } = Route.useSearch();
    return (
      <BillingPage
        status={status ?? null}
        page={page ?? 1}
        access={Route.useLoaderData()}
        cardSession={session_id ?? null}
      />
    );
  },
});
