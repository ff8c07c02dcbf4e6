import { CalendarClock, PartyPopper } from 'lucide-react';
import { createActor } from 'xstate';
import { formatCount } from '../../../contract/money';
import { useLoadedApp } from '../../system/AppContext';
import { useCurrentAnswer, useRequestError } from '../../system/hooks/request';
import { useOrdersStats, useUserData } from '../../system/hooks/session';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { ordersDueLogic } from '../../system/ordersDue';
import { watchCustomer } from '../../system/requests';
import { Button, ButtonLink } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { PageMeta } from '../../ui/PageMeta';
import { SiteLink } from '../../ui/SiteLink';
import { Spinner } from '../../ui/Spinner';
import { EmptyState } from '../dashboard/DashboardLayout';
import { AdDue } from './OrderRow';
import { spanInWords } from './orderWords';

const COUNTS = [
  ['upcoming', 'Upcoming', '/orders/upcoming'],
  ['running', 'Running', '/orders/running'],
  ['completed', 'Completed', '/orders/past'],
] as const;

function DueNext() {
  const app = useLoadedApp();
  const user = useUserData();
  const actor = useFlowActor(() =>
    createActor(ordersDueLogic(watchCustomer(app.session)), {
      ...app.actorOptions,
      input: { key: user?.uuid ?? null },
    }),
  );
  const due = useCurrentAnswer(actor);
  const error = useRequestError(actor);

  if (error)
    return (
      <div className="flex flex-wrap items-center gap-3">
        <FormAlert tone="error">{error}</FormAlert>
        <Button variant="secondary" onClick={() => actor.send({ type: 'request.retry' })}>
          Try again
        </Button>
      </div>
    );
  if (!due) return <Spinner label="Loading what is due next" />;
  if (due.orders.length === 0)
    return (
      <EmptyState icon={<PartyPopper aria-hidden="true" className="size-7" />} title="Nothing is due">
        <p>No ad is waiting on you. Book your next placement when you are ready.</p>
        <ButtonLink href="/shop" className="mt-4">
          Browse placements
        </ButtonLink>
      </EmptyState>
    );
  return (
    <>
      <ol aria-label="Ads due next" className="divide-y divide-primary-50">
        {due.orders.map((order) => (
          <li key={order.number} className="relative flex items-start gap-3 py-3 tb:items-center tb:gap-4">
            <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary tb:mt-0" />
            <div className="flex min-w-0 flex-1 flex-col gap-1 tb:flex-row tb:items-center tb:gap-4">
              <div className="min-w-0 flex-1">
                <SiteLink
                  href={`/orders/${order.number}`}
                  className="font-semibold text-ink after:absolute after:inset-0 hover:text-primary-700 hover:underline"
                >
                  {order.title}
                </SiteLink>
                <p className="text-sm text-ink-muted">
                  {order.number} · {order.market}
                  {order.run ? ` · ${order.run.label}, ${spanInWords(order.run)}` : ''}
                </p>
              </div>
              {order.next_ad_due ? (
                <p className="text-sm">
                  Ad due <AdDue due={order.next_ad_due} />
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {due.total > due.orders.length ? (
        <p className="mt-3 text-sm text-ink-muted">
          And {due.total - due.orders.length} more.{' '}
          <SiteLink href="/orders/upcoming" className="font-semibold text-primary-700 underline">
            See all upcoming orders
          </SiteLink>
        </p>
      ) : null}
    </>
  );
}

/** /dashboard: a greeting, the order counts, and the ads due soonest (what needs doing next). */
export function DashboardHome() {
  const user = useUserData();
  const stats = useOrdersStats();
  return (
    <div className="grid gap-6">
      <PageMeta title="Dashboard" />
      <section className="rounded-3xl border border-primary-100 bg-white p-6 shadow-sm tb:p-8">
        <h1 className="font-display text-3xl font-bold text-primary-900">
          {/* "Welcome back" only to someone the API says has been here before. */}
          {user?.first_visit === false ? 'Welcome back' : 'Welcome'}
          {user?.firstname ? `, ${user.firstname}` : ''}
        </h1>
        <p className="mt-1 text-ink-soft">
          Here is what needs doing next for {user?.company ?? 'your company'}.
        </p>
        <ul aria-label="Your orders" className="mt-5 grid grid-cols-3 gap-3">
          {COUNTS.map(([status, label, href]) => (
            <li key={status}>
              <SiteLink
                href={href}
                className="flex flex-col rounded-2xl bg-primary-50 px-4 py-3 hover:bg-primary-100"
              >
                <span className="text-2xl font-extrabold text-primary-900 tabular-nums">
                  {stats ? formatCount(stats[status]) : '–'}
                </span>
                <span className="text-sm font-semibold text-ink-soft">{label}</span>
              </SiteLink>
            </li>
          ))}
        </ul>
      </section>
      <section
        aria-labelledby="due-next"
        className="rounded-3xl border border-primary-100 bg-white p-6 shadow-sm tb:p-8"
      >
        <h2 id="due-next" className="text-xl font-bold text-ink">
          Ads due next
        </h2>
        <p className="mt-1 mb-3 text-sm text-ink-muted">
          Deliver each ad by the end of its due date (11:59 PM) so the placement runs as booked.
        </p>
        <DueNext />
      </section>
    </div>
  );
}
