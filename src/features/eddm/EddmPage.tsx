import { lazy, Suspense, useEffect, useMemo } from 'react';
import { type Bbox, routeMatches } from '../../../contract/directMail';
import { formatCount } from '../../../contract/money';
import type { LoadedZip } from '../../../machines/eddm/eddm.machine';
import { announce, EDDM_EVENTS } from '../../system/eddmWindowEvents';
import { PageMeta } from '../../ui/PageMeta';
import { Spinner } from '../../ui/Spinner';
import { ZipOrMarketPicker } from '../location/ZipOrMarketPicker';
import { preloadMap } from '../map/preloadMap';
import { DuplicateMailingDialog } from './DuplicateMailingDialog';
import { MailingSummaryBar } from './MailingSummaryBar';
import { SavedAreas } from './SavedAreas';
import { SelectionPanel } from './SelectionPanel';
import { TargetingPanel } from './TargetingPanel';
import {
  useEddmActor,
  useEddmWindowEvents,
  useEddmZip,
  useHoveredRoute,
  useIsLoadingZip,
  useLoadedZip,
  useResidentialOnly,
  useZipLoadError,
} from './useEddm';
import {
  useIsDrawingArea,
  useIsPlacingPin,
  useLoadedShapes,
  useMailingRoutes,
  useMapFocus,
  usePin,
  useRadiusCircle,
  useRouteFilters,
  useShownRoutes,
} from './useTargeting';
import { ZipRoutes } from './ZipRoutes';

const AreaMap = lazy(() => import('../map/AreaMap'));
/** Where the map starts while a zip code's routes load (it is covered until they arrive). */
const CONTIGUOUS_US: Bbox = [-125, 24.5, -66.9, 49.4];

const TITLE = 'Every Door Direct Mail';
const INTRO =
  'Pick the carrier routes around your business on the map. We print a postcard and the mail carrier delivers it to every address on them.';

/**
 * /ads/direct-mail/?m=eddm: every-door direct mail on a map of carrier routes. The route shows the
 * zip code its address names (`?zip=`); the page reads the actor value by value, so a hover
 * re-renders the map and the two routes it lights, not the page.
 */
export function EddmPage() {
  useEddmWindowEvents();
  const eddmActor = useEddmActor();
  const zip = useEddmZip();
  const loaded = useLoadedZip();
  const loadError = useZipLoadError();
  // A zip code chosen on the page: its map's code loads beside its routes.
  useEffect(() => {
    if (zip) preloadMap(zip);
  }, [zip]);

  return (
    <div className="mx-auto flex max-w-page flex-col gap-6 px-4 py-8 tb:px-6 xl:px-10">
      <PageMeta title={TITLE} description={INTRO} />
      <header className="flex flex-col gap-4 rounded-3xl bg-primary-900 px-6 py-8 text-white tb:px-10">
        <p className="text-sm font-bold tracking-wider text-sunshine-300 uppercase">Direct mail</p>
        <h1 className="font-display text-4xl font-bold tb:text-5xl">{TITLE}</h1>
        <p className="max-w-2xl text-lg text-primary-100">{INTRO}</p>
        <div className="max-w-2xl rounded-2xl bg-white p-3">
          <ZipOrMarketPicker
            label="Zip code or place to mail around"
            submitLabel="Show routes"
            size="md"
            value={zip && loaded ? { zip, label: `${loaded.area.city}, ${loaded.area.state} ${zip}` } : null}
            onPick={(place) => announce(EDDM_EVENTS.resultSelect, { zip: place.zip })}
          />
        </div>
      </header>

      {loadError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-2xl bg-coral-50 p-4 font-semibold text-coral-700"
        >
          {loadError}
          <button type="button" className="underline" onClick={() => eddmActor.send({ type: 'eddm.retry' })}>
            Try again
          </button>
        </div>
      ) : null}

      {!zip && !loadError ? (
        <p className="rounded-2xl border border-dashed border-primary-200 bg-white/70 p-6 text-center text-ink-soft">
          Enter a zip code or a place to see its carrier routes, their households and what mailing them costs.
        </p>
      ) : null}

      {zip ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
          <div className="flex flex-col gap-6">
            <MailingSummaryBar />
            {/* The map first, where the routes are chosen; its targeting tools under it (a long
                panel above pushed the map below the first screen). */}
            <RoutesMap zip={zip} loaded={loaded} />
            <TargetingPanel />
            {loaded ? <ZipRoutes area={loaded.area} /> : null}
          </div>
          <div className="lg:sticky lg:top-24 lg:self-start">
            <SelectionPanel />
          </div>
        </div>
      ) : null}

      <SavedAreas />
      <DuplicateMailingDialog />
    </div>
  );
}

/**
 * The carrier routes on a map: the zip code's and those met around the pin; the mailed ones filled,
 * those the filters leave out faint, the one under the pointer lit; the business's pin and its radius.
 */
function RoutesMap({ zip, loaded }: { zip: string; loaded: LoadedZip | null }) {
  const eddmActor = useEddmActor();
  const mailing = useMailingRoutes();
  const filters = useRouteFilters();
  const hovered = useHoveredRoute();
  const residentialOnly = useResidentialOnly();
  const loading = useIsLoadingZip();
  const shown = useShownRoutes();
  const shapesNear = useLoadedShapes();
  const focus = useMapFocus();
  const pin = usePin();
  const circle = useRadiusCircle();
  const placing = useIsPlacingPin();
  const drawing = useIsDrawingArea();
  // Stable while only the hover changes: the map re-uploads shapes only when they change.
  const chosenCodes = useMemo(() => mailing.map((r) => r.routecode), [mailing]);
  const chosen = useMemo(() => new Set(chosenCodes), [chosenCodes]);
  const dimmed = useMemo(
    () => shown.filter((r) => !routeMatches(r, filters)).map((r) => r.routecode),
    [shown, filters],
  );
  const faint = useMemo(() => new Set(dimmed), [dimmed]);
  const areas = useMemo(
    () =>
      shown.flatMap((r) => {
        const geometry = loaded?.shapes[r.routecode] ?? shapesNear[r.routecode];
        return geometry ? [{ id: r.routecode, geometry }] : [];
      }),
    [shown, loaded, shapesNear],
  );
  const byCode = useMemo(() => new Map(shown.map((r) => [r.routecode, r])), [shown]);
  // While the pin is being placed or an area drawn, the map's clicks and drags are theirs.
  const picking = placing || drawing;
  // The map is made as soon as there is a zip code, under a cover until its routes arrive: making a
  // map (a WebGL context, its shaders) takes long enough without a GPU to overlap the network's wait.
  return (
    <div className="relative">
      <Suspense fallback={<div className="h-80 rounded-2xl bg-mint-100 lg:h-[32rem]" />}>
        <AreaMap
          label={`Map of the carrier routes of ${zip}`}
          className="h-80 lg:h-[32rem]"
          bbox={focus ?? loaded?.area.bbox ?? CONTIGUOUS_US}
          outline={loaded?.outline.geometry ?? null}
          near={zip}
          areas={areas}
          selected={chosenCodes}
          dimmed={dimmed}
          highlighted={hovered}
          pin={pin}
          circle={circle}
          // Only while placing the pin: the machine ignores other clicks, and each send is a snapshot.
          onMapClick={
            placing ? ({ lat, lng }) => eddmActor.send({ type: 'eddm.mapClicked', lat, lng }) : undefined
          }
          lassoActive={drawing}
          onLasso={(ring) => eddmActor.send({ type: 'eddm.lassoDrawn', ring })}
          onAreaClick={
            picking ? undefined : (routecode) => eddmActor.send({ type: 'eddm.routeToggled', routecode })
          }
          onAreaHover={(routecode) => announce(EDDM_EVENTS.mapHoverRoute, { routecode })}
          describeArea={(routecode) => {
            const route = byCode.get(routecode);
            return route
              ? `${route.routecode}: ${formatCount(residentialOnly ? route.residential : route.total)} pieces${chosen.has(routecode) ? ' · chosen' : faint.has(routecode) ? ' · hidden by your filters' : ''}`
              : routecode;
          }}
        />
      </Suspense>
      {loaded ? null : (
        <div className="absolute inset-0 flex items-center justify-center rounded-2xl bg-mint-100">
          {loading ? <Spinner label={`Loading the routes of ${zip}`} /> : null}
        </div>
      )}
    </div>
  );
}
