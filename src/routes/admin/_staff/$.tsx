import { createFileRoute } from '@tanstack/react-router';
import { StaffPages } from '../../../features/admin/shell/StaffPages';

/** /admin and all its signed-in pages: one route, whose page reads the rest of the address itself. */
export const Route = createFileRoute('/admin/_staff/$')({
  component: StaffPages,
});
