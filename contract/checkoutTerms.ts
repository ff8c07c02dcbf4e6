/**
 * GET /checkout/{cartId}/terms (issue 32): whether the signed-in customer's company may be invoiced
 * for this cart, on which terms, or why not. Plain types, no schema: the checkout's chunk reads them.
 */
export interface CheckoutTerms {
  invoice: InvoiceTerms;
}

export interface InvoiceTerms {
  offered: boolean;
  /** "Invoice, net 15": how the choice reads. */
  label: string;
  /** Days from issue to due date; null on card-only terms. */
  days: number | null;
  /** Why the invoice is not offered, as a sentence the customer can act on; null when it is. */
  refusal: string | null;
}
