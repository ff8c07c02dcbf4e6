import type { InvoiceStatus } from '../../../contract/invoiceStatuses';

/* Apart from billingSearch.ts, which the first bundle reads: only the Billing page makes links. */

/** The address of a filter's page (page 1 is said by leaving it out). */
export const billingHref = (status: InvoiceStatus | null, page = 1): string => {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `/billing?${search}` : '/billing';
};
