import { useMemo } from 'react';
import { visitorMarketOf } from '../../lib/visitorMarket';
import { useLoadedApp } from '../../system/AppContext';

/**
 * The optional filters that rank the visitor's market first: the market of the zip code they shop in,
 * as the shop's search named it (lib/visitorMarket.ts). Read as the search is drawn, so the search
 * asks with them from its first request, and a cleared zip code (Clear search) ends them.
 */
export function useVisitorMarketFilters(): string[] {
  const app = useLoadedApp();
  const market = visitorMarketOf(app.env.store.read);
  return useMemo(() => (market ? [`market:${market}`] : []), [market]);
}
