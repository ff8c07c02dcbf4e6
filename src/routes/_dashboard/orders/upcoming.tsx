import { createFileRoute } from '@tanstack/react-router';
import { format, parseISO } from 'date-fns';
import { Package } from 'lucide-react';
import { fetchOrders } from '../../../api/cart';
import { DashboardSection, EmptyState } from '../../../features/dashboard/DashboardLayout';
import { ButtonLink } from '../../../ui/Button';
import { FormAlert } from '../../../ui/form/FormAlert';

export const Route = createFileRoute('/_dashboard/orders/upcoming')({
  loader: () => fetchOrders(),
  component: UpcomingOrders,
});

function UpcomingOrders() {
  const answer = Route.useLoaderData();
  return (
    <DashboardSection title="Orders" intro="Placements you have booked that have not run yet.">
      {!answer.ok ? (
        <FormAlert tone="error">
          {answer.message || 'Your orders could not be loaded. Reload the page to try again.'}
        </FormAlert>
      ) : answer.data.orders.length === 0 ? (
        <EmptyState icon={<Package aria-hidden="true" className="size-7" />} title="No upcoming orders">
          <p>When you check out a cart, its placements are listed here with their dates and status.</p>
          <ButtonLink href="/shop" className="mt-4">
            Browse placements
          </ButtonLink>
        </EmptyState>
      ) : (
        <ul aria-label="Upcoming orders" className="divide-y divide-primary-50">
          {answer.data.orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-start gap-4 py-4">
              <img src={order.item.image} alt="" className="h-14 w-20 shrink-0 rounded-lg object-cover" />
              <div className="min-w-0 flex-1">
                <p className="font-mono text-sm font-bold text-primary-700">{order.number}</p>
                <p className="font-bold text-ink">{order.item.summary.summary_title}</p>
                <p className="text-sm text-ink-soft">{order.item.summary.summary_line_1}</p>
                <p className="text-sm text-ink-muted">{order.item.summary.summary_line_2}</p>
              </div>
              <div className="text-right">
                <p className="font-bold text-primary-900">{order.item.price_formatted}</p>
                <p className="text-sm text-ink-muted">
                  Placed {format(parseISO(order.placed_at), 'MMM d, yyyy')}
                </p>
                <p className="mt-1 inline-block rounded-full bg-mint-100 px-2 py-0.5 text-xs font-bold text-mint-700 capitalize">
                  {order.status}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
