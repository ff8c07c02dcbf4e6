import { createFileRoute } from '@tanstack/react-router';
import { can } from '../../../../contract/roles';
import { selectUserData } from '../../../../machines/session/selectors';
import { BillingPage } from '../../../features/billing/BillingPage';
import { parseBillingSearch } from '../../../features/billing/billingSearch';

export const Route = createFileRoute('/_dashboard/billing/')({
  validateSearch: parseBillingSearch,
  loader: async ({ context }) => {
    // A member may not read billing: the page tells them who can, and asks the API nothing it would refuse.
    const app = await context.app.ready;
    if (!can(selectUserData(app.session.getSnapshot())?.role, 'billing')) return null;
    // Loaded here, not imported: route options are in the first bundle, the billing API is not.
    const { loadBillingContact } = await import('../../../api/billing');
    return loadBillingContact();
  },
  component: function Billing() {
    const { status } = Route.useSearch();
    return <BillingPage status={status ?? null} contact={Route.useLoaderData()} />;
  },
});
