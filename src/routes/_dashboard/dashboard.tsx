import { createFileRoute } from '@tanstack/react-router';
import { DashboardHome } from '../../features/orders/DashboardHome';

/** The dashboard's landing page: what needs doing next. */
export const Route = createFileRoute('/_dashboard/dashboard')({ component: DashboardHome });
