import { requestBasemapContext } from './basemapContext';
import { loadMapEngine } from './engine';

/**
 * Fetches a map's code and starts its renderer's workers while the page's data is still on its way:
 * a page that is about to show a map (the every-door page on a zip code) calls it as it opens, so the
 * map is drawn as soon as the data arrives rather than after its code has loaded in turn. With a zip
 * code, the labels around it are asked for now too. A failure here is the map's to report when it is
 * drawn.
 */
export function preloadMap(zip?: string): void {
  // A server drawing a page has no workers (and draws no map).
  if (import.meta.env.SSR || typeof Worker === 'undefined') return;
  import('./AreaMap').catch(() => {});
  loadMapEngine()
    .then((engine) => engine.prewarm())
    .catch(() => {});
  if (zip) requestBasemapContext(zip);
}
