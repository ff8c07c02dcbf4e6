import { lazy, Suspense, useMemo } from 'react';
import { createActor } from 'xstate';
import type { MediaType } from '../../../contract/mediaTypes';
import { formatCount } from '../../../contract/money';
import { mediaPath } from '../../../contract/shopPaths';
import { useLoadedApp } from '../../system/AppContext';
import {
  useCurrentAnswer,
  useRequestData,
  useRequestError,
  useRequestStatus,
} from '../../system/hooks/request';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { marketGeoLogic, nearerMarketKey, nearerMarketLogic } from '../../system/market';
import { SiteLink } from '../../ui/SiteLink';

const AreaMap = lazy(() => import('../map/AreaMap'));

/**
 * A ref callback that calls `onNear` once the element is on screen or about to be: the map (and its
 * 300 KB renderer) loads only for visitors who scroll to it. Watching the element is DOM
 * synchronisation; what it starts is the caller's (an event to an actor).
 */
const nearViewport = (onNear: () => void) => (element: HTMLElement | null) => {
  if (!element) return;
  if (typeof IntersectionObserver === 'undefined') {
    onNear();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      onNear();
    },
    { rootMargin: '300px' },
  );
  observer.observe(element);
  return () => observer.disconnect();
};

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
  const app = useLoadedApp();
  // The boundary is asked when the map nears the screen; the nearer market at once, when the
  // visitor shops in a zip code.
  const geoActor = useFlowActor(() =>
    createActor(marketGeoLogic(), { ...app.actorOptions, input: { key: null } }),
  );
  const nearerActor = useFlowActor(() =>
    createActor(nearerMarketLogic(app), {
      ...app.actorOptions,
      input: { key: nearerMarketKey(app, { prodcode, mediacode }) },
    }),
  );
  // Memoised: a new callback would observe the element anew on each render.
  const box = useMemo(
    () => nearViewport(() => geoActor.send({ type: 'request.keyChanged', key: prodcode })),
    [geoActor, prodcode],
  );
  const status = useRequestStatus(geoActor);
  const geo = useRequestData(geoActor);
  const failure = useRequestError(geoActor);
  const nearer = useCurrentAnswer(nearerActor);

  return (
    <div ref={box} className="flex flex-col gap-3">
      {status === 'failed' ? (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm font-semibold text-coral-700">
          Error fetching Market boundary: {failure}
          <button
            type="button"
            className="underline"
            onClick={() => geoActor.send({ type: 'request.retry' })}
          >
            Try again
          </button>
        </p>
      ) : status !== 'loaded' || !geo ? (
        <div
          role="status"
          aria-label="Loading the market map"
          className="h-64 animate-pulse rounded-2xl bg-mint-100 motion-reduce:animate-none"
        />
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
