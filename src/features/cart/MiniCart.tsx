import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { ShoppingCart } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useCart } from '../../system/hooks/cart';
import { Badge } from '../../ui/Badge';
import { Spinner } from '../../ui/Spinner';
import { KEEP_CLEAR } from '../toasts/keepClear';

const loadContents = () => import('./MiniCartContents');
const MiniCartContents = lazy(() => loadContents().then((module) => ({ default: module.MiniCartContents })));

/**
 * The mini-cart in the header: its button with the count, and a panel whose contents load the first
 * time a pointer or the keyboard comes near the button (SPEC section 2: the newest items, the total
 * and the way to checkout).
 */
export function MiniCart() {
  const cart = useCart();
  const count = cart?.contents.items.length ?? 0;
  return (
    <Popover>
      <PopoverButton
        aria-label={`Cart, ${count} item${count === 1 ? '' : 's'}`}
        onPointerEnter={() => void loadContents()}
        onFocus={() => void loadContents()}
        className="relative inline-flex size-11 items-center justify-center rounded-button text-primary-700 hover:bg-primary-50 data-open:bg-primary-50"
      >
        <ShoppingCart aria-hidden="true" className="size-6" />
        <Badge count={count} label="items in your cart" className="absolute -top-0.5 -right-1.5" />
      </PopoverButton>
      <PopoverPanel
        {...KEEP_CLEAR}
        anchor={{ to: 'bottom end', gap: 8 }}
        transition
        className="z-popover w-[min(94vw,380px)] rounded-2xl border border-primary-100 bg-white p-4 shadow-xl shadow-primary-900/10 outline-none transition duration-100 data-closed:-translate-y-1 data-closed:opacity-0"
      >
        <Suspense
          fallback={
            <div className="flex justify-center py-6">
              <Spinner label="Loading your cart" />
            </div>
          }
        >
          <MiniCartContents />
        </Suspense>
      </PopoverPanel>
    </Popover>
  );
}
