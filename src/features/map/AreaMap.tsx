import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import type { AreaGeometry, Bbox, RouteShape } from '../../../contract/directMail';
import { type GlMap, loadMapEngine } from './engine';

/** One area drawn on the map (a carrier route), identified by `id`. */
export interface MapArea {
  id: string;
  geometry: RouteShape;
}

export interface AreaMapProps {
  /** What the map shows, for screen readers ("Carrier routes of 60614"). */
  label: string;
  /** The part of the map to show; the map moves there when it changes. */
  bbox: Bbox;
  /** A boundary drawn under the areas: the zip code's or the market's. */
  outline?: AreaGeometry | null;
  areas?: readonly MapArea[];
  selected?: readonly string[];
  /** The area to highlight (hovered here or in a list). */
  highlighted?: string | null;
  onAreaClick?: (id: string) => void;
  onAreaHover?: (id: string | null) => void;
  /** The tooltip of an area under the pointer. */
  describeArea?: (id: string) => string;
  className?: string;
}

// The palette of tailwind.config.ts (primary 600 and 100, sunshine 500): map paint takes colour values.
const COLORS = { primary: '#6330d6', primarySoft: '#e9e1ff', accent: '#ffa51f' };

const collection = (features: Feature<Geometry>[]): FeatureCollection<Geometry> => ({
  type: 'FeatureCollection',
  features,
});
const areaFeatures = (areas: readonly MapArea[]) =>
  collection(
    areas.map((area) => ({
      type: 'Feature',
      id: area.id,
      properties: { id: area.id },
      geometry: area.geometry,
    })),
  );
const outlineFeatures = (outline: AreaGeometry | null | undefined) =>
  collection(outline ? [{ type: 'Feature', properties: {}, geometry: outline }] : []);

/** Sources and layers of the map's own data, above the basemap. */
/** The map's own sources and layers, with the data of the moment: drawn with the basemap's first frame. */
function addLayers(map: GlMap, outline: AreaGeometry | null, areas: readonly MapArea[]) {
  map.addSource('outline', { type: 'geojson', data: outlineFeatures(outline) });
  map.addSource('areas', { type: 'geojson', data: areaFeatures(areas), promoteId: 'id' });
  map.addLayer({
    id: 'outline-fill',
    type: 'fill',
    source: 'outline',
    paint: { 'fill-color': COLORS.primarySoft, 'fill-opacity': 0.45 },
  });
  map.addLayer({
    id: 'outline-line',
    type: 'line',
    source: 'outline',
    paint: { 'line-color': COLORS.primary, 'line-width': 2, 'line-dasharray': [2, 1] },
  });
  map.addLayer({
    id: 'areas-fill',
    type: 'fill',
    source: 'areas',
    paint: {
      'fill-color': ['case', ['boolean', ['feature-state', 'selected'], false], COLORS.primary, '#ffffff'],
      'fill-opacity': [
        'case',
        ['boolean', ['feature-state', 'highlighted'], false],
        0.75,
        ['boolean', ['feature-state', 'selected'], false],
        0.55,
        0.3,
      ],
    },
  });
  map.addLayer({
    id: 'areas-line',
    type: 'line',
    source: 'areas',
    paint: {
      'line-color': [
        'case',
        ['boolean', ['feature-state', 'highlighted'], false],
        COLORS.accent,
        COLORS.primary,
      ],
      'line-width': ['case', ['boolean', ['feature-state', 'highlighted'], false], 3.5, 1.25],
    },
  });
}

type MapStatus = 'loading' | 'ready' | 'failed';

/**
 * A map of areas (MapLibre offline, or Mapbox GL when configured): an outline, areas that can be
 * selected and highlighted, hover and click. The wrapper carries the camera and state as data
 * attributes (`data-map-state`, `data-center`, `data-zoom`, `data-highlighted`) so tests and the
 * benchmark can point at an area and know when the map is idle.
 */
export default function AreaMap({
  label,
  bbox,
  outline,
  areas = [],
  selected = [],
  highlighted = null,
  onAreaClick,
  onAreaHover,
  describeArea,
  className = '',
}: AreaMapProps) {
  const wrapper = useRef<HTMLElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<GlMap | null>(null);
  const [status, setStatus] = useState<MapStatus>('loading');
  const [tooltip, setTooltip] = useState<{ text: string; x: number; y: number } | null>(null);
  // The latest callbacks, read by the map's listeners (bound once).
  const handlers = useRef({ onAreaClick, onAreaHover, describeArea });
  handlers.current = { onAreaClick, onAreaHover, describeArea };
  const initialBbox = useRef(bbox);
  const drawn = useRef(0);
  // The data of the latest render, and what the map was last given (not given twice).
  const latest = useRef({ outline, areas });
  latest.current = { outline, areas };
  const sent = useRef<{ outline?: AreaGeometry | null; areas?: readonly MapArea[] }>({});

  useEffect(() => {
    let cancelled = false;
    let map: GlMap | null = null;
    const element = container.current;
    if (!element) return;
    loadMapEngine()
      .then((engine) => {
        if (cancelled) return;
        map = engine.create(element, initialBbox.current);
        const created = map;
        created.on('error', (event) => console.warn('Map error:', event.error.message));
        // As soon as the style is read, before the basemap's first frame: the areas are drawn in that
        // frame rather than in a second one (each a few hundred milliseconds without a GPU).
        created.once('style.load', () => {
          const { outline, areas } = latest.current;
          addLayers(created, outline ?? null, areas);
          sent.current = { outline, areas };
          drawn.current = areas.length;
          mapRef.current = created;
          setStatus('ready');
        });
        created.on('idle', () => {
          const node = wrapper.current;
          if (!node || !mapRef.current) return;
          const center = created.getCenter();
          node.dataset.center = `${center.lng},${center.lat}`;
          node.dataset.zoom = String(created.getZoom());
          // How many areas were drawn by this idle moment: "idle" before the data arrived is not done.
          node.dataset.areas = String(drawn.current);
          node.dataset.mapState = 'idle';
        });
        created.on('movestart', () => {
          if (wrapper.current) wrapper.current.dataset.mapState = 'moving';
        });
        let hovered: string | null = null;
        created.on('mousemove', 'areas-fill', (event: MapLayerMouseEvent) => {
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
        created.on('mouseleave', 'areas-fill', () => {
          created.getCanvas().style.cursor = '';
          setTooltip(null);
          hovered = null;
          handlers.current.onAreaHover?.(null);
        });
        created.on('click', 'areas-fill', (event: MapLayerMouseEvent) => {
          const id = event.features?.[0]?.properties?.id;
          if (typeof id === 'string') handlers.current.onAreaClick?.(id);
        });
      })
      .catch((error: unknown) => {
        console.warn('The map could not be shown:', error);
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      mapRef.current = null;
      map?.remove();
    };
  }, []);

  // The data, the selection and the highlight follow the props once the map is ready.
  const map = status === 'ready' ? mapRef.current : null;
  const [west, south, east, north] = bbox;
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
    for (const area of areas)
      map.setFeatureState({ source: 'areas', id: area.id }, { highlighted: area.id === highlighted });
    // What the map was told to light, read back from the map itself.
    const lit = areas.find(
      (area) => map.getFeatureState({ source: 'areas', id: area.id }).highlighted === true,
    );
    if (wrapper.current) wrapper.current.dataset.highlighted = lit?.id ?? '';
  }, [map, areas, highlighted]);

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
