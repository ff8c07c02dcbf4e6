import type { CheckoutTerms, InvoiceTerms } from '../../contract/checkoutTerms';
import type { CheckoutPayment, PaymentRedirect } from '../../contract/payments';
import type { UiPayments } from '../../contract/ui';
import { call } from './client';
import { dataOr } from './dataOr';

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
export const fetchInvoiceTerms = async (cartId: string): Promise<InvoiceTerms> =>
  (
    await dataOr(
      call<CheckoutTerms>(`/checkout/${encodeURIComponent(cartId)}/terms`, { auth: true }),
      'The payment terms could not be loaded.',
    )
  ).invoice;

/** GET /checkout/{cartId}/payment: what became of the card checkout (the server asks Stripe). */
export const loadCheckoutPayment = (cartId: string): Promise<CheckoutPayment> =>
  dataOr(
    call<CheckoutPayment>(`/checkout/${encodeURIComponent(cartId)}/payment`, { auth: true }),
    'We could not check your payment.',
  );

/** POST /checkout/{cartId}/pay: Stripe's page again; rejects with the server's sentence. */
export async function restartCheckoutPayment(cartId: string): Promise<PaymentRedirect> {
  const answer = await call<PaymentRedirect>(`/checkout/${encodeURIComponent(cartId)}/pay`, {
    method: 'post',
    auth: true,
  });
  if (!answer.success || answer.data === null) throw new Error(answer.message);
  return answer.data;
}
