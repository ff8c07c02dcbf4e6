import { createFileRoute } from '@tanstack/react-router';
import { EddmPage } from '../../features/eddm/EddmPage';

interface DirectMailSearch {
  /** The mode (SPEC: ?m=eddm, every-door direct mail); set in the address bar without a reload. */
  m?: string;
  /** A zip code to open on (links from elsewhere, the benchmark). */
  zip?: string;
}

export const Route = createFileRoute('/ads/direct-mail')({
  validateSearch: (search: Record<string, unknown>): DirectMailSearch => ({
    ...(typeof search.m === 'string' ? { m: search.m } : {}),
    ...(typeof search.zip === 'string' && /^\d{5}$/.test(search.zip) ? { zip: search.zip } : {}),
  }),
  // The page's actor belongs to the app: wait for the app's actors (they load right after the first render).
  beforeLoad: async ({ context }) => {
    await context.app.ready;
  },
  component: DirectMailPage,
});

function DirectMailPage() {
  const { zip } = Route.useSearch();
  return <EddmPage initialZip={zip ?? null} />;
}
