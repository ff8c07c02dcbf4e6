import { createFileRoute } from '@tanstack/react-router';
import { BackOffice } from '../../features/admin/shell/BackOffice';

/** The whole back office: one route, whose page reads the rest of the address itself. */
export const Route = createFileRoute('/admin/$')({
  // The guard's module (and the session machine's) loads only with the back office, never with the storefront.
  beforeLoad: async ({ location, context }) =>
    (await import('../../system/admin/guard')).guardBackOffice(location, context.app),
  component: BackOffice,
});
