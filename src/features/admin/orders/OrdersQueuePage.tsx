import type { QueuedOrder, QueueFilters } from '../../../../contract/adminOrders';
import { ordersQueueLogic } from '../../../system/admin/orders';
import { useKeyedRequest } from '../../../system/hooks/request';
import { Pager } from '../../../ui/Pager';
import { SiteLink } from '../../../ui/SiteLink';
import { AdDue, StatusPill } from '../../orders/OrderRow';
import { columnsOf, DataTable } from '../table/DataTable';
import { QueueFilterBar } from './QueueFilterBar';

const BOOKING_WORDS: Record<QueuedOrder['booking'], string> = {
  pending: 'To book',
  partly: 'Partly booked',
  confirmed: 'Booked',
};
const DELIVERY_WORDS: Record<QueuedOrder['delivery'], string> = {
  pending: 'Not delivered',
  partly: 'Partly delivered',
  delivered: 'Delivered',
};

const column = columnsOf<QueuedOrder>();
const COLUMNS = [
  column.accessor('number', {
    header: 'Order',
    cell: (info) => (
      <SiteLink
        href={`/admin/orders/${info.getValue()}`}
        className="font-semibold text-primary-700 underline"
      >
        {info.getValue()}
      </SiteLink>
    ),
  }),
  column.accessor('company', { header: 'Company' }),
  column.accessor('title', {
    header: 'Placement',
    cell: (info) => (
      <>
        {info.getValue()}
        <span className="block text-ink-muted">{info.row.original.market}</span>
      </>
    ),
  }),
  column.accessor('next_run', { header: 'Next run', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('next_ad_due', {
    header: 'Ad due',
    cell: (info) => {
      const due = info.getValue();
      return due ? <AdDue due={due} /> : '—';
    },
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => (
      <span className="grid gap-1">
        <StatusPill status={info.getValue()} />
        <span>{BOOKING_WORDS[info.row.original.booking]}</span>
        <span>{DELIVERY_WORDS[info.row.original.delivery]}</span>
      </span>
    ),
  }),
  column.accessor('attention', {
    header: 'Needs attention',
    cell: (info) =>
      info.getValue().length > 0 ? (
        <ul className="grid gap-1 text-coral-700">
          {info.getValue().map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : (
        '—'
      ),
  }),
];

/** /admin/orders: every company's orders, filtered from the address, soonest ad due first. */
export function OrdersQueuePage({
  filters,
  onFilters,
  hrefOf,
}: {
  filters: QueueFilters;
  onFilters(next: QueueFilters): void;
  hrefOf(page: number): string;
}) {
  const { data: answer, status, error, retry } = useKeyedRequest(ordersQueueLogic, filters);
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold text-ink">Orders</h1>
      <QueueFilterBar filters={filters} onChange={onFilters} />
      {error ? (
        <p role="alert" className="text-coral-700">
          {error}{' '}
          <button type="button" className="underline" onClick={retry}>
            Try again
          </button>
        </p>
      ) : null}
      <DataTable
        caption="Orders"
        columns={COLUMNS}
        rows={answer?.orders ?? []}
        rowId={(row) => row.number}
        empty={status === 'pending' && !answer ? 'Loading the orders…' : 'No order matches these filters.'}
        busy={status === 'pending'}
      />
      {answer ? (
        <>
          <p className="text-sm text-ink-muted" aria-live="polite">
            {answer.total} {answer.total === 1 ? 'order' : 'orders'}
          </p>
          <Pager page={answer.page} pages={answer.pages} hrefOf={hrefOf} />
        </>
      ) : null}
    </div>
  );
}
