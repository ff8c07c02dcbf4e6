import { createFileRoute } from '@tanstack/react-router';
import { CreditCard } from 'lucide-react';
import { DashboardSection, EmptyState } from '../../features/dashboard/DashboardLayout';

export const Route = createFileRoute('/_dashboard/billing')({ component: Billing });

function Billing() {
  return (
    <DashboardSection title="Billing" intro="Invoices and payments for your company's orders.">
      <EmptyState icon={<CreditCard aria-hidden="true" className="size-7" />} title="No invoices yet">
        <p>Each order you place gets an invoice here, with its due date and a PDF to download.</p>
      </EmptyState>
    </DashboardSection>
  );
}
