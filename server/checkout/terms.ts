import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CheckoutTerms } from '../../contract/checkoutTerms';
import { PAYMENT_TERMS_LABELS } from '../../contract/paymentTerms';
import { companyTermsOf, invoiceDecision } from '../billing/terms';
import type { Db } from '../db/client';
import { cartItems } from '../db/schema';

/**
 * GET /checkout/{cartId}/terms (issue 32): whether the company may be invoiced for the cart as it is
 * now. Placing the order decides again in its transaction, so this only spares the customer a refusal.
 */
export async function checkoutTermsOf(
  db: Db,
  companyId: number,
  cartUuid: string,
  now: Date,
): Promise<CheckoutTerms> {
  const [sum] = await db
    .select({ cents: sql<number>`coalesce(sum(${cartItems.priceCents}), 0)::int` })
    .from(cartItems)
    .where(and(eq(cartItems.cartUuid, cartUuid), isNull(cartItems.removedAt)));
  const company = await companyTermsOf(db, companyId);
  const decided = await invoiceDecision(db, companyId, company, Number(sum?.cents ?? 0), now);
  return {
    invoice: {
      offered: !('refused' in decided),
      label: PAYMENT_TERMS_LABELS[company.paymentTerms],
      days: 'days' in decided ? decided.days : null,
      refusal: 'refused' in decided ? decided.refused : null,
    },
  };
}
