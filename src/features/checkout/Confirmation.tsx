import { CircleCheck } from 'lucide-react';
import type { PlacedOrders } from '../../../contract/cart';
import { ButtonLink } from '../../ui/Button';
import { PageMeta } from '../../ui/PageMeta';
import { SiteLink } from '../../ui/SiteLink';
import { focusOnMount } from './focusOnMount';

/** The order placed: its numbers, what comes next, and where to go from here. */
export function Confirmation({ placed }: { placed: PlacedOrders }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12">
      <PageMeta title="Order placed" />
      <section className="rounded-3xl border border-mint-300 bg-white p-8 shadow-sm">
        <CircleCheck aria-hidden="true" className="size-12 text-mint-500" />
        {/* The form whose button placed the order is gone: the focus carries on from this heading. */}
        <h1
          ref={focusOnMount}
          tabIndex={-1}
          className="mt-3 font-display text-3xl font-bold text-primary-900 outline-none"
        >
          Thank you, your order is placed
        </h1>
        {/* No e-mail is sent yet (they come with payments), so this page says where everything is. */}
        <p className="mt-2 text-ink-soft">
          Each order has a page under Orders with its ad deadlines, where you send its ads. Order numbers:
        </p>
        <ul aria-label="Your orders" className="mt-4 divide-y divide-primary-50">
          {placed.orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
              <span>
                <SiteLink
                  href={`/orders/${order.number}`}
                  className="font-mono font-bold text-primary-700 underline underline-offset-2 hover:text-primary-900"
                >
                  {order.number}
                </SiteLink>
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
