import { PackageSearch } from 'lucide-react';
import { useState } from 'react';
import type { OrderDetail, OrderTab } from '../../../contract/orders';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { Button, ButtonLink } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { PageMeta } from '../../ui/PageMeta';
import { Spinner } from '../../ui/Spinner';
import { EmptyState } from '../dashboard/DashboardLayout';
import { RunReadFailed } from '../files/runReadFailed';
import { BoughtRoutes } from './BoughtRoutes';
import { DesignRound } from './design/DesignRound';
import { OrderActions } from './OrderActions';
import { OrderBilling, OrderPrice } from './OrderBilling';
import { OrderComments } from './OrderComments';
import { OrderFacts } from './OrderFacts';
import { AwaitingPaymentPill, StatusPill } from './OrderRow';
import { OrderRuns } from './OrderRuns';
import { OrderTimeline } from './OrderTimeline';
import {
  type OrderPageActor,
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
          <OrderActions actor={actor} order={order} />
        </div>
        <div className="mt-6">
          <OrderFacts order={order} />
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
        <OrderPrice order={order} card={card} />
        <OrderBilling order={order} card={card} />
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
