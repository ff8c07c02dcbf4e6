import { createFileRoute } from '@tanstack/react-router';
import { AdminHome } from '../../../features/admin/shell/AdminHome';

export const Route = createFileRoute('/admin/_staff/')({
  component: AdminHome,
});
