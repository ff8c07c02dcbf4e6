import { Download, Package, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { ORDER_SEARCH_MAX, type OrdersPage, type OrderTab } from '../../../contract/orders';
import type { OrdersListKey } from '../../../machines/orders/ordersList.machine';
import { useOrdersStats } from '../../system/hooks/session';
import { Button, ButtonLink } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { Pager } from '../../ui/Pager';
import { SiteLink } from '../../ui/SiteLink';
import { Spinner } from '../../ui/Spinner';
import { DashboardSection, EmptyState } from '../dashboard/DashboardLayout';
import { BookAgainButton, BookAgainError } from './BookAgainButton';
import { OrderRow } from './OrderRow';
import {
  type OrdersListActor,
  ordersListHref,
  useOrdersAnswer,
  useOrdersDraft,
  useOrdersError,
  useOrdersExportError,
  useOrdersExporting,
  useOrdersLoading,
  useOrdersStale,
} from './useOrders';

const TABS: ReadonlyArray<{ tab: OrderTab; label: string; intro: string; empty: string }> = [
  {
    tab: 'upcoming',
    label: 'Upcoming',
    intro: 'Booked placements that have not started yet, soonest first, with the date each ad is due.',
    empty: 'When you check out a cart, its placements are listed here with their dates and ad deadlines.',
  },
  {
    tab: 'running',
    label: 'Running',
    intro: 'Placements running now, the one ending soonest first.',
    empty: 'Orders move here on the first day they run.',
  },
  {
    tab: 'past',
    label: 'Past',
    intro: 'Completed and cancelled orders, newest first. Book one again in a click.',
    empty: 'Orders move here once their last run ends, or when they are cancelled.',
  },
];

type Counts = OrdersPage['counts'];

/** The tabs with their counts: from the list's answer, or the session's counts until it comes. */
function useTabCounts(answer: OrdersPage | null): Counts | null {
  const stats = useOrdersStats();
  if (answer) return answer.counts;
  if (!stats) return null;
  return { upcoming: stats.upcoming, running: stats.running, past: stats.completed + stats.cancelled };
}

function Tabs({ current, counts }: { current: OrderTab; counts: Counts | null }) {
  return (
    <nav aria-label="Order lists" className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-primary-100 px-1">
        {TABS.map(({ tab, label }) => (
          <li key={tab}>
            <SiteLink
              href={ordersListHref({ tab, page: 1, q: '' })}
              aria-current={tab === current ? 'page' : undefined}
              className="-mb-px flex h-11 items-center gap-1.5 border-b-2 border-transparent px-2 font-semibold tb:gap-2 tb:px-3 text-ink-soft hover:text-primary-700 aria-[current=page]:border-primary aria-[current=page]:text-primary-700"
            >
              {label}
              {counts ? (
                <span className="rounded-full bg-primary-50 px-2 py-0.5 text-xs font-bold text-primary-700">
                  {counts[tab]}
                </span>
              ) : null}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SearchBox({ actor }: { actor: OrdersListActor }) {
  const draft = useOrdersDraft(actor);
  return (
    <search className="relative w-full min-w-0 tb:w-auto tb:max-w-sm tb:flex-1">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'orders.searchNow' });
        }}
      >
        <label htmlFor="orders-search" className="sr-only">
          Search orders
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
        />
        <input
          id="orders-search"
          type="search"
          value={draft}
          maxLength={ORDER_SEARCH_MAX}
          placeholder="Order number or title"
          autoComplete="off"
          onChange={(event) => actor.send({ type: 'orders.typed', text: event.target.value })}
          className="h-11 w-full rounded-button border border-primary-200 bg-white pr-3 pl-9 text-[15px] placeholder:text-ink-muted focus:border-primary focus:outline-2 focus:outline-primary-200"
        />
      </form>
    </search>
  );
}

function ExportButton({ actor }: { actor: OrdersListActor }) {
  const exporting = useOrdersExporting(actor);
  return (
    <Button variant="secondary" inactive={exporting} onClick={() => actor.send({ type: 'orders.export' })}>
      {exporting ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-primary-200 border-t-primary motion-reduce:animate-none"
        />
      ) : (
        <Download aria-hidden="true" className="size-4" />
      )}
      {exporting ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}

function LoadingRows() {
  return (
    <ul aria-hidden="true" className="divide-y divide-primary-50">
      {[0, 1, 2].map((row) => (
        <li key={row} className="flex animate-pulse gap-4 py-4">
          <span className="h-14 w-20 rounded-lg bg-primary-50" />
          <span className="flex flex-1 flex-col gap-2">
            <span className="h-3 w-28 rounded bg-primary-50" />
            <span className="h-4 w-3/4 rounded bg-primary-50" />
            <span className="h-3 w-1/2 rounded bg-primary-50" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * /orders/upcoming, /orders/running, /orders/past: a tab of the company's orders, with the list its
 * route holds and shows the address's key (src/features/orders/ordersListLoader.ts).
 */
export function OrdersTabPage({ keyShown, actor }: { keyShown: OrdersListKey; actor: OrdersListActor }) {
  const answer = useOrdersAnswer(actor);
  const error = useOrdersError(actor);
  const loading = useOrdersLoading(actor);
  const stale = useOrdersStale(actor);
  const exportError = useOrdersExportError(actor);
  const counts = useTabCounts(answer);
  const tab = TABS.find((t) => t.tab === keyShown.tab) ?? TABS[0];
  const label = tab?.label ?? 'Upcoming';

  let body: ReactNode;
  if (!answer && error) body = null;
  else if (!answer) body = <LoadingRows />;
  else if (answer.orders.length === 0 && keyShown.q)
    body = (
      <EmptyState
        icon={<Search aria-hidden="true" className="size-7" />}
        title={`No orders match “${keyShown.q}”`}
      >
        <p>Search by order number (like AD-26-000123) or by words of the placement’s title.</p>
        <ButtonLink
          href={ordersListHref({ ...keyShown, page: 1, q: '' })}
          variant="secondary"
          className="mt-4"
        >
          Clear the search
        </ButtonLink>
      </EmptyState>
    );
  else if (answer.orders.length === 0 && answer.total > 0)
    body = (
      <EmptyState icon={<Package aria-hidden="true" className="size-7" />} title="No orders on this page">
        <ButtonLink href={ordersListHref({ ...keyShown, page: 1 })} className="mt-2">
          Go to the first page
        </ButtonLink>
      </EmptyState>
    );
  else if (answer.orders.length === 0)
    body = (
      <EmptyState
        icon={<Package aria-hidden="true" className="size-7" />}
        title={`No ${label.toLowerCase()} orders`}
      >
        <p>{tab?.empty}</p>
        <ButtonLink href="/shop" className="mt-4">
          Browse placements
        </ButtonLink>
      </EmptyState>
    );
  else
    body = (
      <>
        <p className="sr-only" role="status">
          {answer.total} {answer.total === 1 ? 'order' : 'orders'}
        </p>
        <ul
          aria-label={`${label} orders`}
          aria-busy={stale || undefined}
          className={`divide-y divide-primary-50 transition-opacity ${stale ? 'opacity-60' : ''}`}
        >
          {answer.orders.map((order) =>
            keyShown.tab === 'past' ? (
              <OrderRow
                key={order.number}
                order={order}
                action={<BookAgainButton actor={actor} order={order} />}
                note={<BookAgainError actor={actor} order={order} />}
              />
            ) : (
              <OrderRow key={order.number} order={order} />
            ),
          )}
        </ul>
        <Pager
          page={answer.page}
          pages={answer.pages}
          hrefOf={(page) => ordersListHref({ ...keyShown, page })}
        />
      </>
    );

  return (
    <DashboardSection title={`${label} orders`} intro={tab?.intro}>
      <Tabs current={keyShown.tab} counts={counts} />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <SearchBox actor={actor} />
        {loading && answer ? <Spinner className="size-5 text-primary" label="Loading orders" /> : null}
        <div className="ml-auto">
          <ExportButton actor={actor} />
        </div>
      </div>
      {exportError ? (
        <div className="mt-3">
          <FormAlert tone="error">{exportError}</FormAlert>
        </div>
      ) : null}
      {error ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <FormAlert tone="error">{error}</FormAlert>
          <Button variant="secondary" onClick={() => actor.send({ type: 'orders.retry' })}>
            Try again
          </Button>
        </div>
      ) : null}
      <div className="mt-2">{body}</div>
    </DashboardSection>
  );
}
