import { createFileRoute, Outlet } from '@tanstack/react-router';

/**
 * The back office (issue 31): its own tree under /admin, drawn without the storefront's header and
 * footer (__root.tsx). Everything behind these route files loads only when an /admin page is opened.
 */
export const Route = createFileRoute('/admin')({
  component: Outlet,
});
