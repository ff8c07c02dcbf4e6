import { useMemo } from 'react';
import { useLoadedApp } from '../../system/AppContext';

/**
 * The optional filters that rank the visitor's market first. Read as the search is drawn, so the
 * search asks with them from its first request, and a cleared zip code (Clear search) ends them.
 */
export function useVisitorMarketFilters(): string[] {
  const app = useLoadedApp();
  // Through the app: this chunk then needs none of the storage code the first page has.
  const market = app.visitorMarket();
  return useMemo(() => (market ? [`market:${market}`] : []), [market]);
}
