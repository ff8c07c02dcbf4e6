import type { OrderDetail } from '../../../contract/orders';
import { SiteLink } from '../../ui/SiteLink';
import { AdDue } from './OrderRow';
import { dayInWords, instantInWords } from './orderWords';

/** An order's facts: its placement, market, quantity, who placed or cancelled it, and its dates. */
export function OrderFacts({ order }: { order: OrderDetail }) {
  const row = 'flex flex-col gap-0.5 tb:flex-row tb:gap-4';
  const term = 'text-sm font-semibold text-ink-muted tb:w-40 tb:shrink-0';
  return (
    <dl className="grid gap-3 [overflow-wrap:anywhere]">
      <div className={row}>
        <dt className={term}>Placement</dt>
        <dd className="font-semibold text-ink">
          {order.placement.path ? (
            <SiteLink
              href={order.placement.path}
              className="text-primary-700 underline hover:text-primary-900"
            >
              {order.placement.name}
            </SiteLink>
          ) : (
            order.placement.name
          )}
        </dd>
      </div>
      <div className={row}>
        <dt className={term}>Market</dt>
        <dd>{order.market}</dd>
      </div>
      <div className={row}>
        <dt className={term}>Quantity</dt>
        <dd>{order.quantity_label}</dd>
      </div>
      <div className={row}>
        <dt className={term}>Placed</dt>
        <dd>
          {instantInWords(order.placed_at)}
          {order.placed_by
            ? ` by ${order.placed_by.name} (${order.placed_by.former ? 'no longer on your team' : order.placed_by.email})`
            : ''}
        </dd>
      </div>
      {order.cancelled ? (
        <div className={row}>
          <dt className={term}>Cancelled</dt>
          <dd>
            {instantInWords(order.cancelled.at)}
            {order.cancelled.by ? ` by ${order.cancelled.by.name}` : ''}
          </dd>
        </div>
      ) : null}
      {order.next_ad_due ? (
        <div className={row}>
          <dt className={term}>{order.design ? 'Brief due' : 'Next ad due'}</dt>
          <dd>
            <AdDue due={order.next_ad_due} />
          </dd>
        </div>
      ) : null}
      {order.cancel_until ? (
        <div className={row}>
          <dt className={term}>Cancel until</dt>
          <dd>{dayInWords(order.cancel_until.date)}, 11:59 PM</dd>
        </div>
      ) : null}
    </dl>
  );
}
