import { useEffect, useMemo, useRef, useState } from 'react';
import type { AreaGeometry, Bbox } from '../../../contract/directMail';
import { useBasemapContext } from './basemapContext';
import { loadMapEngine } from './engine';
import type { LassoRing } from './lasso';
import type { MapArea, MapCircle } from './mapLayers';
import { createMapView, type MapPin, type MapView, type MapViewEvents, point } from './mapView';
import { RouteSketch } from './RouteSketch';

export type { LassoRing } from './lasso';
export type { MapArea, MapCircle } from './mapLayers';
export type { MapPin } from './mapView';

export interface AreaMapProps {
  /** What the map shows, for screen readers ("Carrier routes of 60614"). */
  label: string;
  /** The part of the map to show; the map moves there when it changes. */
  bbox: Bbox;
  /** A boundary drawn under the areas: the zip code's or the market's. */
  outline?: AreaGeometry | null;
  /** A zip code whose neighbours' outlines and zip codes (and places, on the offline map) are drawn. */
  near?: string | null;
  areas?: readonly MapArea[];
  selected?: readonly string[];
  /** Areas drawn faintly: shown but out of play (the routes the targeting filters leave out). */
  dimmed?: readonly string[];
  /** The area to highlight (hovered here or in a list). */
  highlighted?: string | null;
  onAreaClick?: (id: string) => void;
  onAreaHover?: (id: string | null) => void;
  /** The tooltip of an area under the pointer. */
  describeArea?: (id: string) => string;
  /** The business's pin, shown over everything. */
  pin?: MapPin | null;
  /** A ring around a point ("every route within N miles"). */
  circle?: MapCircle | null;
  /** Any click on the map (an area's too: its `onAreaClick` comes with it), to place the pin. */
  onMapClick?: (lngLat: { lng: number; lat: number }) => void;
  /** While true, a drag draws a freehand outline rather than moving the map; Escape drops it. */
  lassoActive?: boolean;
  /** The outline drawn, closed, longitude first. */
  onLasso?: (ring: LassoRing) => void;
  className?: string;
}

type MapStatus = 'loading' | 'ready' | 'failed';

/** Resolves once the browser has painted the next frame (a task queued from its animation frame runs after it). */
const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const NO_AREAS: readonly string[] = [];
const NO_MAP_AREAS: readonly MapArea[] = [];

/**
 * A map of areas (MapLibre over the offline basemap or a configured style, or Mapbox GL): an outline,
 * areas or street routes that can be selected and highlighted, hover and click, the business's pin, a
 * radius ring and a lasso. The wrapper carries the camera and state as data attributes
 * (`data-map-state`, `data-areas`, `data-center`, `data-zoom`, `data-highlighted`, `data-pin`,
 * `data-circle`, `data-style`, `data-basemap-layers`) so tests and the benchmark can point at an area
 * and know when the map is idle and what it drew.
 */
export default function AreaMap({
  label,
  bbox,
  outline,
  near = null,
  areas = NO_MAP_AREAS,
  selected = NO_AREAS,
  dimmed = NO_AREAS,
  highlighted = null,
  onAreaClick,
  onAreaHover,
  describeArea,
  pin = null,
  circle = null,
  onMapClick,
  lassoActive = false,
  onLasso,
  className = '',
}: AreaMapProps) {
  const wrapper = useRef<HTMLElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const view = useRef<MapView | null>(null);
  const [status, setStatus] = useState<MapStatus>('loading');
  const [offline, setOffline] = useState(false);
  const [tooltip, setTooltip] = useState<{ text: string; x: number; y: number } | null>(null);
  const context = useBasemapContext(near);
  // Whether the map has been at rest with its areas drawn once: the labels around come after that.
  const [settled, setSettled] = useState(false);
  // This render's data and callbacks, read by the map as it loads and by its listeners (bound once).
  const initialBbox = useRef(bbox);
  const data = { bbox, outline, areas, selected, dimmed, highlighted, circle, pin, lassoActive };
  const latest = useRef({ ...data, context: settled ? context : undefined });
  latest.current = { ...data, context: settled ? context : undefined };
  const handlers = useRef({ onAreaClick, onAreaHover, describeArea, onMapClick, onLasso });
  // The route under the pointer on the sketch (the map keeps its own).
  const sketchHovered = useRef<string | null>(null);
  handlers.current = { onAreaClick, onAreaHover, describeArea, onMapClick, onLasso };

  // The map follows the props: the view applies only what changed since the last render.
  useEffect(() => {
    if (status === 'ready') view.current?.update(latest.current);
  });

  // The map itself, made once; its view lets go of the markers and the lasso before it is removed.
  useEffect(() => {
    let cancelled = false;
    let made: MapView | null = null;
    const element = container.current;
    const node = wrapper.current;
    if (!element || !node) return;
    const events: MapViewEvents = {
      ready: (ready) => {
        view.current = ready;
        setStatus('ready');
      },
      settled: () => {
        // At once, with the idle that says so: the sketch over the map must not take the next click.
        node.dataset.settled = 'true';
        setSettled(true);
        // The sketch goes with the pointer on it, and tells no leave: the map has nothing lit yet.
        if (sketchHovered.current) {
          sketchHovered.current = null;
          handlers.current.onAreaHover?.(null);
          setTooltip(null);
        }
      },
      areaClick: (id) => handlers.current.onAreaClick?.(id),
      areaHover: (id) => handlers.current.onAreaHover?.(id),
      describeArea: (id) => handlers.current.describeArea?.(id),
      mapClick: (lngLat) => handlers.current.onMapClick?.(lngLat),
      lasso: (ring) => handlers.current.onLasso?.(ring),
      tooltip: setTooltip,
    };
    loadMapEngine()
      .then(async (engine) => {
        // Made after the next frame is painted: making a map holds the main thread for a few hundred
        // milliseconds without a GPU (its WebGL context, its state read back), which would otherwise
        // keep the routes' sketch, rendered with it, off the screen until then.
        await afterNextPaint();
        if (cancelled) return;
        node.dataset.style = engine.basemap;
        const created = await engine.create(element, initialBbox.current);
        if (cancelled) {
          created.remove();
          return;
        }
        made = createMapView(created, engine, node, () => latest.current, events);
        setOffline(engine.basemap === 'offline');
      })
      .catch((error: unknown) => {
        console.warn('The map could not be shown:', error);
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      view.current = null;
      made?.destroy();
    };
  }, []);

  // The routes as a sketch until the map has drawn them, or for good where it cannot: clickable at once.
  const chosen = useMemo(() => new Set(selected), [selected]);
  const faint = useMemo(() => new Set(dimmed), [dimmed]);
  const sketched = areas.length > 0 && (status === 'failed' || !settled);
  const sketchHover = (id: string | null, at?: { x: number; y: number }) => {
    // Told when the route under the pointer changes, as the map tells it; the tooltip follows the pointer.
    if (id !== sketchHovered.current) {
      sketchHovered.current = id;
      handlers.current.onAreaHover?.(id);
    }
    const text = id ? handlers.current.describeArea?.(id) : undefined;
    setTooltip(text && at ? { text, ...at } : null);
  };

  return (
    <section
      ref={wrapper}
      aria-label={label}
      data-map-state={status === 'failed' ? 'failed' : 'loading'}
      data-sketch={sketched ? String(areas.length) : ''}
      data-pin={point(pin)}
      data-circle={point(circle, circle?.miles ?? 0)}
      className={`group relative overflow-hidden rounded-2xl border border-primary-100 bg-mint-100 ${className}`}
    >
      {/* Full size, not absolute: MapLibre makes its container position: relative. */}
      <div ref={container} className="h-full w-full" />
      {sketched ? (
        <RouteSketch
          bbox={bbox}
          outline={outline}
          areas={areas}
          selected={chosen}
          dimmed={faint}
          highlighted={highlighted}
          onAreaClick={onAreaClick}
          onAreaHover={sketchHover}
        />
      ) : null}
      {status === 'loading' && !sketched ? (
        <p className="absolute inset-0 flex items-center justify-center text-sm font-semibold text-ink-soft">
          Loading the map…
        </p>
      ) : null}
      {status === 'failed' ? (
        <p
          className={`absolute text-center text-sm font-semibold text-ink-soft ${sketched ? 'inset-x-0 bottom-0 bg-cream/85 p-2' : 'inset-0 flex items-center justify-center p-6'}`}
        >
          {sketched
            ? 'This browser cannot show the full map: the routes are sketched, and all are in the list.'
            : 'This browser cannot show the map. Everything on it is in the list too.'}
        </p>
      ) : null}
      {settled && offline && context?.places[0] ? (
        <p
          aria-hidden="true"
          className="pointer-events-none absolute top-3 left-3 rounded-lg bg-cream/85 px-2 py-1 text-sm font-extrabold tracking-widest text-ink-soft uppercase shadow-sm"
        >
          {context.places[0].name}, {context.places[0].state}
        </p>
      ) : null}
      {tooltip ? (
        <p
          aria-hidden="true"
          className="pointer-events-none absolute z-10 rounded-lg bg-ink px-2 py-1 text-xs font-semibold whitespace-nowrap text-white shadow"
          style={{ left: tooltip.x + 12, top: tooltip.y + 12 }}
        >
          {tooltip.text}
        </p>
      ) : null}
    </section>
  );
}
