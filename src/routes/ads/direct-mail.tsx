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
  // The app starts now (reading `ready` starts it); what the page does on opening (a deep link's
  // early loading of its zip code, then the page's actor) loads with it, not with the first route.
  beforeLoad: async (load): Promise<void> => {
    const ready = load.context.app.ready;
    return (await import('../../features/eddm/openDirectMail')).openDirectMail(load, ready);
  },
  component: EddmPage,
});
