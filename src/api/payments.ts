import type { CheckoutTerms, InvoiceTerms } from '../../contract/checkoutTerms';
import type { CheckoutPayment, PaymentRedirect } from '../../contract/payments';
import type { UiPayments } from '../../contract/ui';
import { call } from './client';
import { type Result, toResult } from './result';

/** Card payments (issue 30): whether the server takes cards, and a card checkout's payment. */

/** GET /ui/payments: true where the server takes cards (Stripe is configured). */
export async function fetchCardsOffered(): Promise<boolean> {
  const answer = await call<UiPayments>('/ui/payments');
  return answer.success && answer.data?.cards === true;
}

/**
 * GET /checkout/{cartId}/terms (issue 32): whether the company may be invoiced for the cart, on which
 * terms, or why not (placing decides again, so this only spares the customer a refusal).
 */
export async function fetchInvoiceTerms(cartId: string): Promise<Result<InvoiceTerms>> {
  const result = toResult(
    await call<CheckoutTerms>(`/checkout/${encodeURIComponent(cartId)}/terms`, { auth: true }),
  );
  return result.ok ? { ...result, data: result.data.invoice } : result;
}

/** GET /checkout/{cartId}/payment: what became of the card checkout (the server asks Stripe). */
export const loadCheckoutPayment = async (cartId: string): Promise<Result<CheckoutPayment>> =>
  toResult(await call<CheckoutPayment>(`/checkout/${encodeURIComponent(cartId)}/payment`, { auth: true }));

/** POST /checkout/{cartId}/pay: Stripe's page again, or the server's sentence. */
export const restartCheckoutPayment = async (cartId: string): Promise<Result<PaymentRedirect>> =>
  toResult(
    await call<PaymentRedirect>(`/checkout/${encodeURIComponent(cartId)}/pay`, {
      method: 'post',
      auth: true,
    }),
  );
