import { createFileRoute } from '@tanstack/react-router';
import { StaffPage } from '../../../features/admin/staff/StaffPage';

export const Route = createFileRoute('/admin/_staff/staff')({
  component: StaffPage,
});
