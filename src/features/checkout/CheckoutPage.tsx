import { useNavigate, useRouter } from '@tanstack/react-router';
import { CircleCheck, ShoppingCart, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Cart, PlacedOrders } from '../../../contract/cart';
import { pushAnalytics } from '../../lib/analytics';
import { toAnalyticsItem } from '../../lib/analyticsItems';
import { useCart, useCartBusy, useCartId, useSendToCart } from '../../system/hooks/cart';
import { useIsSignedIn, useSessionPending, useUserData } from '../../system/hooks/session';
import { useSendToToasts } from '../../system/hooks/toasts';
import { ButtonLink } from '../../ui/Button';
import { PageMeta } from '../../ui/PageMeta';
import { useRemoveWithFocus } from '../cart/useRemoveWithFocus';
import { BillingForm } from './BillingForm';
import { InlineSignIn } from './InlineSignIn';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`.replace('.', '');

function Confirmation({ placed }: { placed: PlacedOrders }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12">
      <PageMeta title="Order placed" />
      <section className="rounded-3xl border border-mint-300 bg-white p-8 shadow-sm">
        <CircleCheck aria-hidden="true" className="size-12 text-mint-500" />
        <h1 className="mt-3 font-display text-3xl font-bold text-primary-900">
          Thank you, your order is placed
        </h1>
        <p className="mt-2 text-ink-soft">
          We e-mail a confirmation and the ad specifications. Order numbers:
        </p>
        <ul aria-label="Your orders" className="mt-4 divide-y divide-primary-50">
          {placed.orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
              <span>
                <span className="font-mono font-bold text-primary-900">{order.number}</span>
                <span className="ml-2 text-ink">{order.item.summary.summary_title}</span>
              </span>
              <span className="font-semibold text-ink">{order.item.price_formatted}</span>
            </li>
          ))}
        </ul>
        <p className="mt-4 flex items-baseline justify-between border-t border-primary-100 pt-3">
          <span className="font-bold text-ink">Total</span>
          <span className="text-2xl font-extrabold text-primary-900">{placed.cart.total_formatted}</span>
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink href="/orders/upcoming" size="lg">
            See your orders
          </ButtonLink>
          <ButtonLink href="/shop" size="lg" variant="secondary">
            Keep shopping
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}

/** /checkout/{cartId}: the items and total, an account, the billing contact, and the order. */
export function CheckoutPage({ cartId, loaded }: { cartId: string; loaded: Cart | null }) {
  const navigate = useNavigate();
  const router = useRouter();
  const sessionCartId = useCartId();
  const sessionCart = useCart();
  const busy = useCartBusy();
  const sendToCart = useSendToCart();
  const sendToToasts = useSendToToasts();
  const signedIn = useIsSignedIn();
  const pending = useSessionPending();
  const user = useUserData();
  const [placed, setPlaced] = useState<PlacedOrders | null>(null);
  const [idempotencyKey] = useState(newKey);

  // The session's copy follows adds and removes; the loaded one covers a cart opened from a link.
  const cart = sessionCartId === cartId && sessionCart ? sessionCart : loaded;
  const items = cart?.contents.items ?? [];
  const { listRef, fallbackRef, remove } = useRemoveWithFocus(
    items.map((item) => item.id),
    busy,
  );

  // Signing in hands this cart to the account, which may merge it into the account's own cart.
  useEffect(() => {
    if (signedIn && sessionCartId && sessionCartId !== cartId && !placed) {
      void navigate({ to: '/checkout/$cartId', params: { cartId: sessionCartId }, replace: true });
    }
  }, [signedIn, sessionCartId, cartId, placed, navigate]);

  useEffect(() => {
    if (!loaded || loaded.contents.items.length === 0) return;
    pushAnalytics('begin_checkout', {
      ecommerce: { currency: 'USD', value: loaded.total, items: loaded.contents.items.map(toAnalyticsItem) },
    });
  }, [loaded]);

  if (placed) return <Confirmation placed={placed} />;

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
                    <button
                      type="button"
                      data-remove
                      disabled={busy || sessionCartId !== cartId}
                      onClick={() => remove(item.id)}
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
        {items.length === 0 ? null : pending && !signedIn ? (
          <p role="status" className="rounded-3xl bg-white p-6 text-ink-soft shadow-sm">
            Checking your sign-in…
          </p>
        ) : signedIn && user ? (
          <BillingForm
            cartId={cartId}
            total={cart.total_formatted}
            itemIds={items.map((item) => item.id)}
            onCartChanged={() =>
              sessionCartId === cartId ? sendToCart({ type: 'cart.refresh' }) : void router.invalidate()
            }
            user={user}
            idempotencyKey={idempotencyKey}
            onPlaced={(result) => {
              setPlaced(result);
              sendToCart({ type: 'cart.placed' });
              sendToToasts({
                type: 'toast.show',
                variant: 'success',
                message: `Order placed: ${result.orders.map((o) => o.number).join(', ')}.`,
              });
              pushAnalytics('purchase', {
                ecommerce: {
                  currency: 'USD',
                  transaction_id: result.orders.map((o) => o.number).join(','),
                  value: result.cart.total,
                  items: result.orders.map((o) => toAnalyticsItem(o.item)),
                },
              });
            }}
          />
        ) : (
          <InlineSignIn />
        )}
      </div>
    </div>
  );
}
