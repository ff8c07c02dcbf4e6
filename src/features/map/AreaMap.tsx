import type { GeoJSONSource, MapLayerMouseEvent, MapMouseEvent } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import type { AreaGeometry, Bbox } from '../../../contract/directMail';
import { useBasemapContext } from './basemapContext';
import { type GlMap, loadMapEngine, type MapEngine, type MapMarker } from './engine';
import { type LassoRing, startLasso } from './lasso';
import { contextMarkers, pinElement } from './mapLabels';
import {
  AREA_HIT_LAYERS,
  addLayers,
  areaFeatures,
  circleFeatures,
  contextFeatures,
  type MapArea,
  type MapCircle,
  OWN_SOURCES,
  outlineFeatures,
} from './mapLayers';

export type { LassoRing } from './lasso';
export type { MapArea, MapCircle } from './mapLayers';

/** The business's pin: where it is and the name written over it. */
export interface MapPin {
  lat: number;
  lng: number;
  label: string;
}

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

const NO_AREAS: readonly string[] = [];

const point = (at: { lng: number; lat: number } | null | undefined, ...rest: number[]) =>
  at ? [at.lng, at.lat, ...rest].join(',') : '';

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
  areas = [],
  selected = [],
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
  const mapRef = useRef<{ map: GlMap; engine: MapEngine } | null>(null);
  const [status, setStatus] = useState<MapStatus>('loading');
  const [tooltip, setTooltip] = useState<{ text: string; x: number; y: number } | null>(null);
  const context = useBasemapContext(near);
  // Whether the map has been at rest with its areas drawn once: the labels around come after that.
  const [settled, setSettled] = useState(false);
  // The latest callbacks, read by the map's listeners (bound once).
  const handlers = useRef({ onAreaClick, onAreaHover, describeArea, onMapClick, onLasso });
  handlers.current = { onAreaClick, onAreaHover, describeArea, onMapClick, onLasso };
  const initialBbox = useRef(bbox);
  const drawn = useRef(0);
  // The data of the latest render, and what the map was last given (not given twice).
  const latest = useRef({ bbox, outline, areas, circle });
  latest.current = { bbox, outline, areas, circle };
  const sent = useRef<{ outline?: AreaGeometry | null; areas?: readonly MapArea[] }>({});

  const ready = status === 'ready' ? mapRef.current : null;
  const map = ready?.map ?? null;
  const [west, south, east, north] = bbox;

  // The surroundings of the zip code (asked for as the map loads): outlines and labels, drawn once the
  // areas are (without a GPU, every source and label drawn in the first frames delays the routes).
  useEffect(() => {
    if (!map || !ready || !settled) return;
    (map.getSource('context') as GeoJSONSource | undefined)?.setData(contextFeatures(context));
    if (!context) return;
    const markers = contextMarkers(context, ready.engine.basemap === 'offline', ready.engine.marker(map));
    return () => {
      for (const marker of markers) marker.remove();
    };
  }, [map, ready, settled, context]);

  // The data, the selection and the highlight follow the props once the map is ready.
  useEffect(() => {
    if (wrapper.current) wrapper.current.dataset.mapState = 'moving';
    map?.fitBounds(
      [
        [west, south],
        [east, north],
      ],
      { padding: 24, duration: 0 },
    );
  }, [map, west, south, east, north]);
  useEffect(() => {
    const source = map?.getSource('outline') as GeoJSONSource | undefined;
    if (!source) return;
    if (sent.current.outline !== outline) source.setData(outlineFeatures(outline ?? null));
    sent.current.outline = outline;
    if (wrapper.current) wrapper.current.dataset.outline = outline ? 'drawn' : '';
  }, [map, outline]);
  useEffect(() => {
    const source = map?.getSource('areas') as GeoJSONSource | undefined;
    if (!source) return;
    if (sent.current.areas !== areas) source.setData(areaFeatures(areas));
    sent.current.areas = areas;
    drawn.current = areas.length;
  }, [map, areas]);
  useEffect(() => {
    if (!map) return;
    const chosen = new Set(selected);
    for (const area of areas)
      map.setFeatureState({ source: 'areas', id: area.id }, { selected: chosen.has(area.id) });
  }, [map, areas, selected]);
  useEffect(() => {
    if (!map) return;
    const faint = new Set(dimmed);
    for (const area of areas)
      map.setFeatureState({ source: 'areas', id: area.id }, { dimmed: faint.has(area.id) });
    if (wrapper.current) wrapper.current.dataset.dimmed = String(areas.filter((a) => faint.has(a.id)).length);
  }, [map, areas, dimmed]);
  useEffect(() => {
    if (!map) return;
    for (const area of areas)
      map.setFeatureState({ source: 'areas', id: area.id }, { highlighted: area.id === highlighted });
    // What the map was told to light, read back from the map itself.
    const lit = areas.find(
      (area) => map.getFeatureState({ source: 'areas', id: area.id }).highlighted === true,
    );
    if (wrapper.current) wrapper.current.dataset.highlighted = lit?.id ?? '';
  }, [map, areas, highlighted]);

  // The radius ring and the pin.
  const circleLat = circle?.lat;
  const circleLng = circle?.lng;
  const circleMiles = circle?.miles;
  useEffect(() => {
    const ring =
      circleLat === undefined || circleLng === undefined || circleMiles === undefined
        ? null
        : { lat: circleLat, lng: circleLng, miles: circleMiles };
    (map?.getSource('circle') as GeoJSONSource | undefined)?.setData(circleFeatures(ring));
    if (wrapper.current) wrapper.current.dataset.circle = point(ring, ring?.miles ?? 0);
  }, [map, circleLat, circleLng, circleMiles]);
  const pinLat = pin?.lat;
  const pinLng = pin?.lng;
  const pinLabel = pin?.label;
  useEffect(() => {
    const at = pinLat === undefined || pinLng === undefined ? null : { lat: pinLat, lng: pinLng };
    if (wrapper.current) wrapper.current.dataset.pin = point(at);
    if (!map || !ready || !at) return;
    const marker: MapMarker = ready.engine.marker(map)(
      pinElement(pinLabel ?? ''),
      [at.lng, at.lat],
      'bottom',
    );
    return () => {
      marker.remove();
    };
  }, [map, ready, pinLat, pinLng, pinLabel]);

  // The lasso, while it is on.
  useEffect(() => {
    if (!map || !lassoActive) return;
    if (wrapper.current) wrapper.current.dataset.lasso = 'on';
    const stop = startLasso(map, (ring) => handlers.current.onLasso?.(ring));
    return () => {
      stop();
      if (wrapper.current) wrapper.current.dataset.lasso = '';
    };
  }, [map, lassoActive]);

  // The map itself, made once. Last of the effects: the ones above let go of it before it is removed.
  useEffect(() => {
    let cancelled = false;
    let made: GlMap | null = null;
    const element = container.current;
    if (!element) return;
    loadMapEngine()
      .then(async (engine) => {
        if (wrapper.current) wrapper.current.dataset.style = engine.basemap;
        const created = await engine.create(element, initialBbox.current);
        if (cancelled) {
          created.remove();
          return;
        }
        made = created;
        created.on('error', (event) => console.warn('Map error:', event.error.message));
        // As soon as the style is read, before the basemap's first frame: the areas are drawn in that
        // frame rather than in a second one (each a few hundred milliseconds without a GPU).
        created.once('style.load', () => {
          const data = latest.current;
          // Where the data is by now (the map was made while it loaded): its first tiles are those.
          const [w, s, e, n] = data.bbox;
          created.fitBounds(
            [
              [w, s],
              [e, n],
            ],
            { padding: 24, duration: 0 },
          );
          addLayers(created, {
            context: null,
            outline: data.outline ?? null,
            areas: data.areas,
            circle: data.circle,
          });
          sent.current = { outline: data.outline, areas: data.areas };
          drawn.current = data.areas.length;
          mapRef.current = { map: created, engine };
          setStatus('ready');
        });
        let basemapReadAt = '';
        created.on('idle', () => {
          const node = wrapper.current;
          if (!node || !mapRef.current) return;
          const center = created.getCenter();
          node.dataset.center = `${center.lng},${center.lat}`;
          node.dataset.zoom = String(created.getZoom());
          // How many areas were drawn by this idle moment: "idle" before the data arrived is not done.
          node.dataset.areas = String(drawn.current);
          // The basemap's own layers with something drawn in view (a style's "roads", "places"...),
          // read once per camera: an idle after a hover draws no other basemap.
          const camera = `${node.dataset.center}@${node.dataset.zoom}`;
          if (engine.basemap !== 'offline' && camera !== basemapReadAt) {
            basemapReadAt = camera;
            const layers = new Set(
              created
                .queryRenderedFeatures()
                .filter((feature) => !OWN_SOURCES.has(feature.source))
                .map((feature) => feature.sourceLayer ?? feature.source),
            );
            node.dataset.basemapLayers = [...layers].sort().join(',');
          }
          node.dataset.mapState = 'idle';
          // (A zip code without routes is drawn once its outline is.)
          if (drawn.current > 0 || latest.current.outline) setSettled(true);
        });
        created.on('movestart', () => {
          if (wrapper.current) wrapper.current.dataset.mapState = 'moving';
        });
        let hovered: string | null = null;
        created.on('mousemove', AREA_HIT_LAYERS, (event: MapLayerMouseEvent) => {
          const id = event.features?.[0]?.properties?.id;
          if (typeof id !== 'string') return;
          created.getCanvas().style.cursor = 'pointer';
          const text = handlers.current.describeArea?.(id);
          setTooltip(text ? { text, x: event.point.x, y: event.point.y } : null);
          if (id !== hovered) {
            hovered = id;
            handlers.current.onAreaHover?.(id);
          }
        });
        created.on('mouseleave', AREA_HIT_LAYERS, () => {
          created.getCanvas().style.cursor = '';
          setTooltip(null);
          hovered = null;
          handlers.current.onAreaHover?.(null);
        });
        created.on('click', AREA_HIT_LAYERS, (event: MapLayerMouseEvent) => {
          const id = event.features?.[0]?.properties?.id;
          if (typeof id === 'string') handlers.current.onAreaClick?.(id);
        });
        created.on('click', (event: MapMouseEvent) => {
          handlers.current.onMapClick?.({ lng: event.lngLat.lng, lat: event.lngLat.lat });
        });
      })
      .catch((error: unknown) => {
        console.warn('The map could not be shown:', error);
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      mapRef.current = null;
      made?.remove();
    };
  }, []);

  return (
    <section
      ref={wrapper}
      aria-label={label}
      data-map-state={status === 'failed' ? 'failed' : 'loading'}
      className={`relative overflow-hidden rounded-2xl border border-primary-100 bg-mint-100 ${className}`}
    >
      {/* Full size, not absolute: MapLibre makes its container position: relative. */}
      <div ref={container} className="h-full w-full" />
      {status === 'loading' ? (
        <p className="absolute inset-0 flex items-center justify-center text-sm font-semibold text-ink-soft">
          Loading the map…
        </p>
      ) : null}
      {status === 'failed' ? (
        <p className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm font-semibold text-ink-soft">
          This browser cannot show the map. Everything on it is in the list too.
        </p>
      ) : null}
      {settled && ready?.engine.basemap === 'offline' && context?.places[0] ? (
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
