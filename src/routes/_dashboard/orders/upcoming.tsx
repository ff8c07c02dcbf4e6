import { createFileRoute } from '@tanstack/react-router';
import { Package } from 'lucide-react';
import { DashboardSection, EmptyState } from '../../../features/dashboard/DashboardLayout';
import { ButtonLink } from '../../../ui/Button';

export const Route = createFileRoute('/_dashboard/orders/upcoming')({ component: UpcomingOrders });

function UpcomingOrders() {
  return (
    <DashboardSection title="Orders" intro="Placements you have booked that have not run yet.">
      <EmptyState icon={<Package aria-hidden="true" className="size-7" />} title="No upcoming orders">
        <p>When you check out a cart, its placements are listed here with their dates and status.</p>
        <ButtonLink href="/shop" className="mt-4">
          Browse placements
        </ButtonLink>
      </EmptyState>
    </DashboardSection>
  );
}
