import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import type { MarketGeo, NearbyMarket } from '../../../contract/directMail';
import type { MediaType } from '../../../contract/mediaTypes';
import { formatCount } from '../../../contract/money';
import { mediaPath } from '../../../contract/shopPaths';
import { fetchMarketGeo, fetchNearbyMarket, reasonOf } from '../../api/directMail';
import { geocode } from '../../api/geocoding';
import { readShopSearch } from '../../lib/shopSearch';
import { SiteLink } from '../../ui/SiteLink';

const AreaMap = lazy(() => import('../map/AreaMap'));

/**
 * Whether the element is on screen or about to be: the map (and its 300 KB renderer) loads only for
 * visitors who scroll to it.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

/** The nearest market to the zip code the visitor shops in, when it is not this one. */
function useNearerMarket(prodcode: string, mediacode: string): { zip: string; market: NearbyMarket } | null {
  const [nearer, setNearer] = useState<{ zip: string; market: NearbyMarket } | null>(null);
  useEffect(() => {
    const zip = readShopSearch().zip;
    if (!zip) return;
    let current = true;
    geocode(zip, 1)
      .then(async ([place]) => {
        if (!place) return;
        const [lng, lat] = place.center;
        const market = await fetchNearbyMarket(lat, lng, mediacode);
        if (current && market.prodcode !== prodcode) setNearer({ zip, market });
      })
      // A suggestion only: without it the page is complete.
      .catch((error: unknown) => console.warn(error));
    return () => {
      current = false;
    };
  }, [prodcode, mediacode]);
  return nearer;
}

/** GET /market/geo: the market's boundary on a map, and a nearer market for the visitor's zip code. */
export function MarketMap({
  prodcode,
  mediacode,
  mediaType,
}: {
  prodcode: string;
  mediacode: string;
  mediaType: MediaType;
}) {
  const [geo, setGeo] = useState<MarketGeo | { error: string } | null>(null);
  const nearer = useNearerMarket(prodcode, mediacode);
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  useEffect(() => {
    if (!near) return;
    let current = true;
    fetchMarketGeo(prodcode)
      .then((answer) => current && setGeo(answer))
      .catch((error: unknown) => current && setGeo({ error: reasonOf(error) }));
    return () => {
      current = false;
    };
  }, [prodcode, near]);

  return (
    <div ref={box} className="flex flex-col gap-3">
      {geo === null ? (
        <div
          role="status"
          aria-label="Loading the market map"
          className="h-64 animate-pulse rounded-2xl bg-mint-100 motion-reduce:animate-none"
        />
      ) : 'error' in geo ? (
        <p role="alert" className="text-sm font-semibold text-coral-700">
          Error fetching Market boundary: {geo.error}
        </p>
      ) : (
        <Suspense fallback={<div className="h-64 rounded-2xl bg-mint-100" />}>
          <AreaMap
            label={`Map of the ${geo.name} market`}
            bbox={geo.bbox}
            outline={geo.geo}
            className="h-64"
          />
        </Suspense>
      )}
      {nearer ? (
        <p className="rounded-xl bg-sunshine-100 px-3 py-2 text-sm text-ink">
          Nearer to {nearer.zip}: the <strong>{nearer.market.name}</strong> market (
          {formatCount(Math.round(nearer.market.distance_miles))} miles).{' '}
          {nearer.market.mediacode ? (
            <SiteLink
              href={mediaPath({ media_type: mediaType, mediacode: nearer.market.mediacode })}
              className="font-bold text-primary-700 underline"
            >
              See its placement
            </SiteLink>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
