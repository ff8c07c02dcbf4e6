import { CalendarClock, CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import type { OrderSummary } from '../../../contract/orders';
import { SiteLink } from '../../ui/SiteLink';
import { dayInWords, dueInWords, STATUS_LABELS, STATUS_STYLES, spanInWords } from './orderWords';

/** An order's status as a coloured pill. */
export function StatusPill({ status }: { status: OrderSummary['status'] }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS_STYLES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/** A card checkout's order not paid yet (issue 30): it stands once paid, or is released. */
export function AwaitingPaymentPill({ awaiting }: { awaiting: boolean }) {
  if (!awaiting) return null;
  return (
    <span className="inline-block rounded-full bg-sunshine px-2.5 py-0.5 text-xs font-bold text-ink">
      Awaiting payment
    </span>
  );
}

/** When an order's next ad is due, and how far away that is (late shows in coral). */
export function AdDue({ due }: { due: NonNullable<OrderSummary['next_ad_due']> }) {
  const soon = due.days_left <= 3;
  return (
    <span className={soon ? 'font-semibold text-coral-700' : 'text-ink-soft'}>
      {dayInWords(due.date)} ({dueInWords(due)})
    </span>
  );
}

/**
 * One order of a list: what it is, when it runs, when its ad is due, its price and status, and what
 * can be done with it (`action`, above the link that covers the row, with its `note` under the row).
 */
export function OrderRow({
  order,
  action,
  note,
}: {
  order: OrderSummary;
  action?: ReactNode;
  note?: ReactNode;
}) {
  return (
    <li className="relative flex gap-3 py-4 hover:bg-primary-50/30 tb:gap-4">
      {order.image ? (
        <img
          src={order.image}
          alt=""
          loading="lazy"
          className="h-14 w-20 shrink-0 rounded-lg bg-primary-50 object-cover"
        />
      ) : (
        <span aria-hidden="true" className="h-14 w-20 shrink-0 rounded-lg bg-primary-50" />
      )}
      <div className="grid min-w-0 flex-1 gap-x-6 gap-y-1 md:grid-cols-[minmax(0,1fr)_auto]">
        <div className="min-w-0">
          <p className="font-mono text-sm font-bold text-primary-700">{order.number}</p>
          <h3 className="font-bold text-ink">
            {/* The whole row opens the order: the link's area is stretched over it. */}
            <SiteLink
              href={`/orders/${order.number}`}
              className="after:absolute after:inset-0 hover:text-primary-700 hover:underline focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-primary-500"
            >
              {order.title}
            </SiteLink>
          </h3>
          <p className="text-sm text-ink-soft">{order.market}</p>
          <dl className="mt-1 grid gap-0.5 text-sm">
            {order.run ? (
              <div className="flex items-start gap-1.5">
                <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
                <dt className="whitespace-nowrap text-ink-muted">
                  {order.run_is_next ? 'Next run:' : 'Last run:'}
                </dt>
                <dd className="text-ink-soft">
                  {order.run.label}, {spanInWords(order.run)}
                </dd>
              </div>
            ) : null}
            {order.next_ad_due ? (
              <div className="flex items-start gap-1.5">
                <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
                <dt className="whitespace-nowrap text-ink-muted">Ad due:</dt>
                <dd>
                  <AdDue due={order.next_ad_due} />
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
        <div className="flex flex-wrap items-center gap-3 md:flex-col md:items-end md:justify-start">
          <p className="font-bold text-primary-900">{order.total_formatted}</p>
          <StatusPill status={order.status} />
          <AwaitingPaymentPill awaiting={order.awaiting_payment} />
          {action ? <div className="relative z-10">{action}</div> : null}
        </div>
        {note ? <div className="relative z-10 empty:hidden md:col-span-2">{note}</div> : null}
      </div>
    </li>
  );
}
