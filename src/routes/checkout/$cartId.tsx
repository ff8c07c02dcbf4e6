import { createFileRoute } from '@tanstack/react-router';
import { CartNotFound } from '../../../machines/cart/cart.types';
import { loadCart } from '../../api/cart';
import { CheckoutPage } from '../../features/checkout/CheckoutPage';

export const Route = createFileRoute('/checkout/$cartId')({
  // A cart that is gone or not this visitor's is a page of its own, not an error.
  loader: ({ params }) =>
    loadCart(params.cartId).catch((error: unknown) => {
      if (error instanceof CartNotFound) return null;
      throw error;
    }),
  component: Checkout,
});

function Checkout() {
  const { cartId } = Route.useParams();
  return <CheckoutPage cartId={cartId} loaded={Route.useLoaderData()} />;
}
