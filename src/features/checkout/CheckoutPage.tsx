import { Pencil, ShoppingCart, Trash2 } from 'lucide-react';
import type { Cart } from '../../../contract/cart';
import { useCartBusy, useCartId, useSendToCart } from '../../system/hooks/cart';
import { ButtonLink } from '../../ui/Button';
import { PageMeta } from '../../ui/PageMeta';
import { useRemoveWithFocus } from '../cart/useRemoveWithFocus';
import { BillingForm } from './BillingForm';
import { Confirmation } from './Confirmation';
import { InlineSignIn } from './InlineSignIn';
import {
  type CheckoutActor,
  useCheckoutActor,
  useCheckoutCart,
  useCheckoutStep,
  usePlacedOrders,
} from './useCheckout';

/** /checkout/{cartId}: the items and total, an account, the billing contact, and the order. */
export function CheckoutPage({ cartId, loaded }: { cartId: string; loaded: Cart | null }) {
  const checkout = useCheckoutActor(cartId, loaded);
  const placed = usePlacedOrders(checkout);
  return placed ? <Confirmation placed={placed} /> : <CartReview checkout={checkout} cartId={cartId} />;
}

function CartReview({ checkout, cartId }: { checkout: CheckoutActor; cartId: string }) {
  const cart = useCheckoutCart(checkout);
  const step = useCheckoutStep(checkout);
  // Removing goes through the app's cart, so only a cart the session holds can lose items here.
  const sessionCartId = useCartId();
  const busy = useCartBusy();
  const sendToCart = useSendToCart();
  const items = cart?.contents.items ?? [];
  const { listRef, fallbackRef, remove } = useRemoveWithFocus(
    items.map((item) => item.id),
    busy,
  );

  if (!cart) {
    return (
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-20 text-center">
        <PageMeta title="Cart not found" />
        <ShoppingCart aria-hidden="true" className="size-12 text-primary" />
        <h1 className="font-display text-3xl font-bold text-primary-900">This cart is not available</h1>
        <p className="text-ink-soft">
          It may have been ordered already, or it belongs to another account. Sign in, or start a new cart.
        </p>
        <ButtonLink href="/shop" size="lg">
          Browse placements
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-page items-start gap-6 px-4 py-8 tb:px-6 lg:grid-cols-[1.2fr_1fr] xl:px-10">
      <PageMeta title="Checkout" />
      <section
        aria-labelledby="checkout-cart"
        className="rounded-3xl border border-primary-100 bg-white p-6 shadow-sm"
      >
        <h1
          id="checkout-cart"
          ref={fallbackRef}
          tabIndex={-1}
          className="font-display text-3xl font-bold text-primary-900 outline-none"
        >
          Your cart
        </h1>
        {items.length === 0 ? (
          <div className="flex flex-col items-start gap-3 py-8">
            <p className="text-ink-soft">Your cart is empty.</p>
            <ButtonLink href="/shop">Browse placements</ButtonLink>
          </div>
        ) : (
          <>
            <ul ref={listRef} aria-label="Items" className="mt-4 divide-y divide-primary-50">
              {items.map((item) => (
                <li key={item.id} className="flex gap-3 py-4 sm:gap-4">
                  <img
                    src={item.image}
                    alt=""
                    className="h-12 w-16 shrink-0 rounded-lg object-cover sm:h-16 sm:w-24"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="font-bold text-ink">{item.summary.summary_title}</p>
                    <p className="text-sm text-ink-soft">{item.summary.summary_line_1}</p>
                    <p className="text-sm text-ink-muted">{item.summary.summary_line_2}</p>
                  </div>
                  <div className="flex flex-col items-end gap-2">
                    <span className="font-bold text-primary-900">{item.price_formatted}</span>
                    {item.campaign ? null : (
                      <button
                        type="button"
                        disabled={busy || sessionCartId !== cartId}
                        onClick={() => sendToCart({ type: 'cart.editStarted', item })}
                        data-edit-item={item.id}
                        className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-semibold text-ink-muted hover:bg-primary-50 hover:text-primary-700 disabled:opacity-40"
                        aria-label={`Change ${item.summary.summary_title}`}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                        Change
                      </button>
                    )}
                    <button
                      type="button"
                      data-remove
                      data-remove-item={item.id}
                      disabled={busy || sessionCartId !== cartId}
                      onClick={() => remove(item)}
                      className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-semibold text-ink-muted hover:bg-warm hover:text-coral-700 disabled:opacity-40"
                      aria-label={`Remove ${item.summary.summary_title}`}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <p className="flex items-baseline justify-between border-t border-primary-100 pt-4">
              <span className="font-bold text-ink">Total</span>
              <span className="text-3xl font-extrabold text-primary-900">{cart.total_formatted}</span>
            </p>
          </>
        )}
      </section>
      <div className="flex flex-col gap-6">
        {items.length === 0 ? null : step === 'checkingSignIn' || step === 'moving' ? (
          <p role="status" className="rounded-3xl bg-white p-6 text-ink-soft shadow-sm">
            {step === 'moving' ? 'Opening your account’s cart…' : 'Checking your sign-in…'}
          </p>
        ) : step === 'needsAccount' ? (
          <InlineSignIn />
        ) : (
          <BillingForm checkout={checkout} total={cart.total_formatted} />
        )}
      </div>
    </div>
  );
}
