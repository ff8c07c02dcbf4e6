import { createFileRoute } from '@tanstack/react-router';
import { cartIdParam } from '../../../contract/params';
import { CheckoutPage } from '../../features/checkout/CheckoutPage';
import { cartOrGone } from '../../system/cartCalls';

/** The cart an address names, or null: gone, not this visitor's, or no cart id at all (the API is not asked). */
async function cartOf(cartId: string) {
  const checked = cartIdParam.safeParse(cartId);
  if (!checked.success) return null;
  return cartOrGone(checked.data);
}

export const Route = createFileRoute('/checkout/$cartId')({
  // The loader (and the contract's schemas it checks the address with) loads with the page, not with
  // the first route.
  codeSplitGroupings: [['loader', 'component']],
  // A cart that is gone or not this visitor's is a page of its own, not an error. The page's checkout
  // belongs to the app: its actors are waited for alongside the cart.
  loader: async ({ params, context }) => {
    const [cart] = await Promise.all([cartOf(params.cartId), context.app.ready]);
    return cart;
  },
  component: Checkout,
});

function Checkout() {
  const { cartId } = Route.useParams();
  // Another cart (the account's, after a sign-in here) is another checkout, with its own order key.
  return <CheckoutPage key={cartId} cartId={cartId} loaded={Route.useLoaderData()} />;
}
