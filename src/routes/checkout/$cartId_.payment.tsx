import { createFileRoute } from '@tanstack/react-router';
import { PaymentWait } from '../../features/checkout/PaymentWait';
import { oneOf, type RawSearch, text } from '../../lib/searchParams';

/**
 * Where Stripe's page sends the customer back (issue 30): `session_id` once paid there, `cancelled=1`
 * after its Cancel. Beside the checkout, not inside it: the cart is ordered by now. The session id is
 * only kept in the address; the server asks Stripe about the checkout's own page.
 */
export const Route = createFileRoute('/checkout/$cartId_/payment')({
  validateSearch: (raw: RawSearch): { session_id?: string | undefined; cancelled?: '1' | undefined } => ({
    session_id: text(raw.session_id, 200),
    cancelled: oneOf(String(raw.cancelled ?? ''), ['1']),
  }),
  loader: ({ context }) => context.app.ready,
  component: CheckoutPaymentRoute,
});

function CheckoutPaymentRoute() {
  const { cartId } = Route.useParams();
  const { cancelled } = Route.useSearch();
  return <PaymentWait key={cartId} cartId={cartId} cancelled={cancelled === '1'} />;
}
