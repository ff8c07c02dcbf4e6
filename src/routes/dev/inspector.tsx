import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { NotFoundPage } from '../../features/errors/NotFoundPage';

/**
 * /dev/inspector: the local machine inspector, in development and in builds made with
 * VITE_INSPECTOR=true. In other builds the branch is dead code: the page and elkjs are not built.
 */
export const Route = createFileRoute('/dev/inspector')({
  // Spelled out (not imported) so the build replaces it with a constant and drops the dead branch.
  component:
    import.meta.env.DEV || import.meta.env.VITE_INSPECTOR === 'true'
      ? lazyRouteComponent(() => import('../../features/inspector/InspectorPage'))
      : NotFoundPage,
});
