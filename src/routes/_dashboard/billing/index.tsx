import { createFileRoute } from '@tanstack/react-router';
import { BillingPage } from '../../../features/billing/BillingPage';
import { parseBillingSearch } from '../../../features/billing/billingSearch';

export const Route = createFileRoute('/_dashboard/billing/')({
  validateSearch: parseBillingSearch,
  loader: async ({ context }) => {
    // Loaded here, not imported: route options are in the first bundle, the billing API is not.
    const { loadBillingPage } = await import('../../../features/billing/loaders');
    return loadBillingPage(context.app);
  },
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
