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
  // The page's actor belongs to the app: wait for the app's actors (they load right after the first
  // render), then show the zip code the address names (openAddressZip reads the load: its cause, its
  // address, whether it loads the same page again in place). Not on a preload: nobody has come yet.
  // The actor's code is the page's, loaded here rather than with the first route.
  beforeLoad: async (load) => {
    // A zip code's map: its data and code load while the app starts.
    const { zip } = load.search;
    if (load.search.m === 'eddm' && zip && load.cause !== 'preload')
      import('../../features/eddm/openZipEarly')
        .then(({ openZipEarly }) => openZipEarly(zip))
        .catch(() => {});
    const app = await load.context.app.ready;
    if (load.cause === 'preload') return;
    const { eddmActorOf, openAddressZip } = await import('../../system/eddm');
    openAddressZip(eddmActorOf(app), load);
  },
  component: EddmPage,
});
