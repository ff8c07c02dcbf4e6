/**
 * What the open mini-cart shows, loaded the first time it opens (or is about to): the page's first
 * script carries only its button.
 */
import { useClose } from '@headlessui/react';
import { Pencil, Trash2 } from 'lucide-react';
import type { CartItem } from '../../../contract/cart';
import { useCart, useCartBusy, useCartId, useSendToCart } from '../../system/hooks/cart';
import { buttonClasses } from '../../ui/Button';
import { SiteLink } from '../../ui/SiteLink';
import { useRemoveWithFocus } from './useRemoveWithFocus';

/** SPEC section 2: at most 6 items in the mini-cart, newest first. */
export const MINI_CART_LIMIT = 6;

function MiniCartItem({
  item,
  busy,
  onRemove,
}: {
  item: CartItem;
  busy: boolean;
  onRemove: (item: CartItem) => void;
}) {
  const close = useClose();
  const sendToCart = useSendToCart();
  return (
    <li className="flex gap-3 py-3">
      <img
        src={item.image}
        alt=""
        width={64}
        height={40}
        className="h-10 w-16 shrink-0 rounded-md object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate font-bold text-ink">
          {item.summary.summary_title}
          {item.order?.id ? (
            <span className="ml-1 font-mono text-xs font-normal text-ink-muted">#{item.order.id}</span>
          ) : null}
        </p>
        <p className="truncate text-xs text-ink-soft">{item.summary.summary_line_1}</p>
        <p className="truncate text-xs text-ink-muted">{item.summary.summary_line_2}</p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span className="text-sm font-bold text-primary-900">{item.price_formatted}</span>
        <span className="flex gap-1">
          {item.campaign ? null : (
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                // The dialog opens over the page, so the mini-cart closes and the focus returns to its button.
                close();
                sendToCart({ type: 'cart.editStarted', item });
              }}
              className="inline-flex size-7 items-center justify-center rounded-lg text-ink-muted hover:bg-primary-50 hover:text-primary-700 disabled:opacity-40"
              aria-label={`Change ${item.summary.summary_title}`}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </button>
          )}
          <button
            type="button"
            data-remove
            data-remove-item={item.id}
            disabled={busy}
            onClick={() => onRemove(item)}
            className="inline-flex size-7 items-center justify-center rounded-lg text-ink-muted hover:bg-warm hover:text-coral-700 disabled:opacity-40"
            aria-label={`Remove ${item.summary.summary_title}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </span>
      </div>
    </li>
  );
}

function CheckoutButton({ cartId, empty }: { cartId: string | null; empty: boolean }) {
  const close = useClose();
  const classes = buttonClasses('primary', 'lg', 'w-full');
  // Disabled when the cart is empty (SPEC section 2): a real disabled button, not a dead link.
  if (empty || !cartId) {
    return (
      <button type="button" disabled className={classes}>
        Shopping Cart
      </button>
    );
  }
  return (
    <SiteLink href={`/checkout/${cartId}`} onClick={() => close()} className={classes}>
      Shopping Cart
    </SiteLink>
  );
}

/** The open mini-cart: the newest items, "+ N more items", the total, and the way to checkout. */
export function MiniCartContents() {
  const cart = useCart();
  const cartId = useCartId();
  const busy = useCartBusy();
  const items = cart?.contents.items ?? [];
  const shown = items.slice(0, MINI_CART_LIMIT);
  const more = items.length - shown.length;
  const { listRef, fallbackRef, remove } = useRemoveWithFocus(
    shown.map((item) => item.id),
    busy,
  );
  return (
    <>
      <h2
        ref={fallbackRef}
        tabIndex={-1}
        className="flex items-baseline justify-between text-base font-extrabold text-ink outline-none"
      >
        Your cart
        <span className="text-sm font-semibold text-ink-muted">
          {items.length} item{items.length === 1 ? '' : 's'}
        </span>
      </h2>
      {items.length === 0 ? (
        <p className="py-6 text-center text-sm text-ink-soft">
          Your cart is empty. Open a placement and add it with its dates.
        </p>
      ) : (
        <>
          <ul ref={listRef} aria-label="Items in your cart" className="divide-y divide-primary-50">
            {shown.map((item) => (
              <MiniCartItem key={item.id} item={item} busy={busy} onRemove={remove} />
            ))}
          </ul>
          {more > 0 ? <p className="pb-2 text-sm font-semibold text-ink-soft">+ {more} more items</p> : null}
          <p className="flex items-baseline justify-between border-t border-primary-100 pt-3">
            <span className="font-semibold text-ink-soft">Total</span>
            <span className="text-xl font-extrabold text-primary-900">{cart?.total_formatted}</span>
          </p>
        </>
      )}
      <div className="mt-3">
        <CheckoutButton cartId={cartId} empty={items.length === 0} />
      </div>
    </>
  );
}
