import { z } from 'zod';

export const uiStats = z.object({ total_companies: z.number().int().nonnegative() });
export type UiStats = z.infer<typeof uiStats>;

/**
 * GET /ui/company: who runs the product, as the server is configured (`COMPANY_LEGAL_NAME`,
 * `COMPANY_ADDRESS`): the footer names the same company as the invoices, e-mails and legal documents.
 */
export const companyFacts = z.object({
  product: z.string(),
  legal_name: z.string(),
  address: z.array(z.string()),
});
export type CompanyFacts = z.infer<typeof companyFacts>;

/** GET /ui/payments: the storefront offers card payment only where the server takes cards. */
export const uiPayments = z.object({ cards: z.boolean() });
export type UiPayments = z.infer<typeof uiPayments>;
