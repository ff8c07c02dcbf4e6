import { createFileRoute } from '@tanstack/react-router';
import { checkoutPaymentQuery } from '../../../contract/payments';
import { PaymentWait } from '../../features/checkout/PaymentWait';

/**
 * Where Stripe's page sends the customer back (issue 30): `session_id` once paid there, `cancelled=1`
 * after its Cancel. Beside the checkout, not inside it: the cart is ordered by now.
 */
export const Route = createFileRoute('/checkout/$cartId_/payment')({
  validateSearch: (search) => {
    const checked = checkoutPaymentQuery.safeParse(search);
    return checked.success ? checked.data : {};
  },
  loader: ({ context }) => context.app.ready,
  component: CheckoutPaymentRoute,
});

function CheckoutPaymentRoute() {
  const { cartId } = Route.useParams();
  const { cancelled } = Route.useSearch();
  return <PaymentWait key={cartId} cartId={cartId} cancelled={cancelled === '1'} />;
}
