import { FileText, PackageSearch, Repeat, XCircle } from 'lucide-react';
import { useState } from 'react';
import { formatUsd } from '../../../contract/money';
import type { OrderDetail, OrderTab } from '../../../contract/orders';
import { maySeeInvoices } from '../../../contract/roles';
import { useUserData } from '../../system/hooks/session';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { Button, ButtonLink } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { PageMeta } from '../../ui/PageMeta';
import { SiteLink } from '../../ui/SiteLink';
import { Spinner } from '../../ui/Spinner';
import { EmptyState } from '../dashboard/DashboardLayout';
import { RunReadFailed } from '../files/runReadFailed';
import { BoughtRoutes } from './BoughtRoutes';
import { CancelOrderDialog } from './CancelOrderDialog';
import { DesignRound } from './design/DesignRound';
import { OrderComments } from './OrderComments';
import { AdDue, AwaitingPaymentPill, StatusPill } from './OrderRow';
import { OrderRuns } from './OrderRuns';
import { OrderTimeline } from './OrderTimeline';
import { dayInWords, instantInWords } from './orderWords';
import {
  type OrderPageActor,
  useBookingAgain,
  useCancelling,
  useConfirmingCancel,
  useOrder,
  useOrderActionError,
  useOrderError,
  useOrderPageActor,
  useOrderPageStatus,
  useOrderRefreshError,
} from './useOrders';

const tabOf = (order: OrderDetail): OrderTab =>
  order.status === 'upcoming' || order.status === 'running' ? order.status : 'past';

const card = 'rounded-3xl border border-primary-100 bg-white p-6 shadow-sm';

function Actions({ actor, order }: { actor: OrderPageActor; order: OrderDetail }) {
  const cancelling = useCancelling(actor);
  const booking = useBookingAgain(actor);
  const confirming = useConfirmingCancel(actor);
  return (
    <div className="flex flex-wrap gap-2">
      {order.can_book_again ? (
        <Button inactive={booking} onClick={() => actor.send({ type: 'order.bookAgain' })}>
          <Repeat aria-hidden="true" className="size-4" />
          {booking ? 'Adding to your cart…' : 'Book again'}
        </Button>
      ) : null}
      {order.cancel_until ? (
        <Button
          variant="secondary"
          inactive={cancelling}
          onClick={() => actor.send({ type: 'order.cancel' })}
          className="text-coral-700"
        >
          <XCircle aria-hidden="true" className="size-4" />
          {cancelling ? 'Cancelling…' : 'Cancel order'}
        </Button>
      ) : null}
      <CancelOrderDialog
        order={order}
        open={confirming}
        onConfirm={() => actor.send({ type: 'order.cancelConfirmed' })}
        onDismiss={() => actor.send({ type: 'order.cancelDismissed' })}
      />
    </div>
  );
}

function Facts({ order }: { order: OrderDetail }) {
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

function Price({ order }: { order: OrderDetail }) {
  return (
    <section aria-labelledby="order-price" className={card}>
      <h2 id="order-price" className="text-lg font-bold text-ink">
        Price
      </h2>
      <dl className="mt-3 grid gap-2 text-[15px]">
        {order.lines.map((line) => (
          <div key={line.label} className="flex justify-between gap-4">
            <dt className="text-ink-soft">{line.label}</dt>
            <dd className={line.amount < 0 ? 'text-mint-700' : 'text-ink'}>
              {line.amount < 0 ? '−' : ''}
              {formatUsd(Math.abs(line.amount))}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-primary-100 pt-2 font-bold">
          <dt>Total</dt>
          <dd className="text-primary-900">{order.total_formatted}</dd>
        </div>
      </dl>
    </section>
  );
}

function Billing({ order }: { order: OrderDetail }) {
  const b = order.billing;
  return (
    <section aria-labelledby="order-billing" className={card}>
      <h2 id="order-billing" className="text-lg font-bold text-ink">
        Billing contact
      </h2>
      <address className="mt-3 text-[15px] leading-relaxed text-ink-soft not-italic [overflow-wrap:anywhere]">
        <span className="font-semibold text-ink">{b.name}</span>
        <br />
        {b.company}
        <br />
        {b.address}
        <br />
        {b.city}, {b.state} {b.zip}
        <br />
        {b.email} · {b.phone}
        {b.po_number ? (
          <>
            <br />
            PO {b.po_number}
          </>
        ) : null}
      </address>
      <InvoiceNote invoice={order.invoice} />
    </section>
  );
}

/** The other orders of the checkout, each linked: "AD-27-000124 and AD-27-000125". */
function OtherOrders({ numbers }: { numbers: readonly string[] }) {
  return numbers.map((number, index) => (
    <span key={number}>
      {index === 0 ? '' : index === numbers.length - 1 ? ' and ' : ', '}
      <SiteLink
        href={`/orders/${number}`}
        className="font-semibold whitespace-nowrap text-primary-700 underline"
      >
        {number}
      </SiteLink>
    </span>
  ));
}

/**
 * The order's invoice: a link for those who see billing, its number for the others; the other orders
 * of its checkout named when there are some (a checkout of one order has none to mention).
 */
function InvoiceNote({ invoice }: { invoice: OrderDetail['invoice'] }) {
  const user = useUserData();
  const others = invoice?.other_orders ?? [];
  const alongside =
    others.length > 0 ? (
      <>
        , with {others.length === 1 ? 'order' : 'orders'} <OtherOrders numbers={others} /> of the same
        checkout
      </>
    ) : null;
  return (
    <div className="mt-4 flex items-start gap-2 rounded-xl bg-primary-50/60 p-3 text-sm text-ink-soft">
      <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      {!invoice ? (
        <p>This order was placed before invoices were kept here: ask us for its invoice.</p>
      ) : maySeeInvoices(user) ? (
        <p>
          Invoiced on{' '}
          <SiteLink href={`/billing/${invoice.number}`} className="font-semibold text-primary-700 underline">
            invoice {invoice.number}
          </SiteLink>
          {alongside}.
        </p>
      ) : (
        <p>
          Invoiced on invoice {invoice.number}
          {alongside}; the owner and admins of your company see it under Billing.
        </p>
      )}
    </div>
  );
}

function LoadedOrder({ actor, order }: { actor: OrderPageActor; order: OrderDetail }) {
  const actionError = useOrderActionError(actor);
  const refreshError = useOrderRefreshError(actor);
  const tab = tabOf(order);
  const [filesVersion, setFilesVersion] = useState(0);
  return (
    <div className="grid gap-6">
      <PageMeta title={`Order ${order.number}`} />
      <div className={card}>
        <Breadcrumb trail={[{ label: 'Orders', href: `/orders/${tab}` }]} current={order.number} />
        <div className="mt-3 flex flex-wrap items-start gap-4">
          {order.image ? (
            <img
              src={order.image}
              alt=""
              className="h-20 w-28 shrink-0 rounded-xl bg-primary-50 object-cover"
            />
          ) : null}
          <div className="min-w-0 flex-1">
            <p className="font-mono text-sm font-bold text-primary-700">{order.number}</p>
            <h1 className="font-display text-2xl font-bold text-primary-900 tb:text-3xl">{order.title}</h1>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <StatusPill status={order.status} />
              <AwaitingPaymentPill awaiting={order.awaiting_payment} />
              <span className="text-sm text-ink-muted">{order.market}</span>
            </div>
          </div>
          <p className="w-full text-2xl font-bold text-primary-900 tb:w-auto">{order.total_formatted}</p>
        </div>
        {actionError ? (
          <div className="mt-4">
            <FormAlert tone="error">{actionError}</FormAlert>
          </div>
        ) : null}
        <div className="mt-5">
          <Actions actor={actor} order={order} />
        </div>
        <div className="mt-6">
          <Facts order={order} />
        </div>
      </div>
      <OrderTimeline steps={order.timeline} />
      <BoughtRoutes routes={order.bought_routes ?? []} card={card} />
      {order.design ? (
        <DesignRound
          number={order.number}
          design={order.design}
          onApproved={() => actor.send({ type: 'order.refresh' })}
        />
      ) : null}
      {refreshError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl bg-coral-50 p-4">
          <p className="text-sm font-semibold text-coral-700">{refreshError}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'order.refresh' })}>
            Try again
          </Button>
        </div>
      ) : null}
      <RunReadFailed.Provider value={refreshError != null}>
        <OrderRuns
          order={order}
          onFilesChanged={() => {
            actor.send({ type: 'order.refresh' });
            setFilesVersion((v) => v + 1);
          }}
        />
      </RunReadFailed.Provider>
      {/* Read again when a file is sent or removed (the files a comment may be on change), keeping the draft. */}
      <OrderComments number={order.number} version={filesVersion} />
      <div className="grid items-start gap-6 md:grid-cols-2">
        <Price order={order} />
        <Billing order={order} />
      </div>
    </div>
  );
}

/** /orders/{orderNumber}: one order, its runs and their ad deadlines, its price, and what can be done. */
export function OrderPage({ number }: { number: string }) {
  const actor = useOrderPageActor(number);
  const status = useOrderPageStatus(actor);
  const order = useOrder(actor);
  const error = useOrderError(actor);

  if (status === 'shown' && order) return <LoadedOrder actor={actor} order={order} />;
  if (status === 'missing')
    return (
      <section className={card}>
        <PageMeta title="Order not found" />
        <EmptyState icon={<PackageSearch aria-hidden="true" className="size-7" />} title="Order not found">
          <p>
            There is no order {number} in your company’s account. Check the number, or find it in your orders.
          </p>
          <ButtonLink href="/orders" className="mt-4">
            See your orders
          </ButtonLink>
        </EmptyState>
      </section>
    );
  if (status === 'failed')
    return (
      <section className={`${card} grid gap-4`}>
        <PageMeta title={`Order ${number}`} />
        <h1 className="font-display text-2xl font-bold text-primary-900">Order {number}</h1>
        <FormAlert tone="error">{error}</FormAlert>
        <div>
          <Button onClick={() => actor.send({ type: 'order.retry' })}>Try again</Button>
        </div>
      </section>
    );
  return (
    <section className={`${card} flex justify-center py-16`}>
      <PageMeta title={`Order ${number}`} />
      <Spinner label={`Loading order ${number}`} />
    </section>
  );
}
