import { createActor } from 'xstate';
import type { InvoicesKey } from '../../../machines/billing/invoices.machine';
import { saveFile } from '../../lib/saveFile';
import { invoicesLogic } from '../../system/account';
import { type RouteActorLoad, routeActorFor } from '../../system/routeActorFor';
import type { BillingAccess } from './BillingPage';
import type { InvoicesActor } from './useInvoices';

/** The Billing page's data: what the person may see of it, and the invoices' actor when that includes them. */
export interface BillingPageData {
  access: BillingAccess;
  invoices: InvoicesActor | null;
}

/** Access that was not loaded: nothing is asked that might be refused. */
const NO_ACCESS: BillingAccess = { contact: null, invoices: false };

/**
 * The loader of the Billing page (src/routes/_dashboard/billing/_access/index.tsx), for the filter and
 * page its address names. Its layout's loader decided first, from the session's role, whether the
 * invoices may be asked for at all (loadBillingPage, once a visit); only then is the invoices' actor,
 * which the route holds while it is shown, made or told the key. A member who may not see them asks
 * the API nothing.
 */
export async function loadInvoicesList(
  load: RouteActorLoad & { parentMatchPromise: Promise<{ loaderData?: BillingAccess | undefined }> },
  key: InvoicesKey,
): Promise<BillingPageData> {
  const access = (await load.parentMatchPromise).loaderData ?? NO_ACCESS;
  if (!access.invoices) return { access, invoices: null };
  const invoices = await routeActorFor(
    load,
    key,
    (app, first) => createActor(invoicesLogic(saveFile), { ...app.actorOptions, input: { key: first } }),
    (actor, shown) => actor.send({ type: 'invoices.show', key: shown }),
  );
  return { access, invoices };
}
