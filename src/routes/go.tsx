import { createFileRoute, redirect } from '@tanstack/react-router';
import { config } from '../config';
import { isAuthenticated } from '../features/session/guards';

/** /go: the way into the dashboard. Visitors sign in first; customers go straight to it. */
export const Route = createFileRoute('/go')({
  beforeLoad: async ({ context }) => {
    if (!(await isAuthenticated(context.app))) throw redirect({ to: '/login', search: {}, replace: true });
    throw redirect({ href: config.postLoginUrl, replace: true });
  },
});
