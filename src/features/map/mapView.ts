import type { GeoJSONSource, MapLayerMouseEvent, MapMouseEvent } from 'maplibre-gl';
import type { AreaGeometry, Bbox, MapContext } from '../../../contract/directMail';
import { type LassoRing, startLasso } from './lasso';
import type { GlMap, MapEngine, MapMarker } from './mapEngine.types';
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

/** The business's pin: where it is and the name written over it. */
export interface MapPin {
  lat: number;
  lng: number;
  label: string;
}

/** What the map shows, as AreaMap's props say it on each render. */
export interface MapViewData {
  bbox: Bbox;
  outline: AreaGeometry | null | undefined;
  areas: readonly MapArea[];
  selected: readonly string[];
  dimmed: readonly string[];
  highlighted: string | null;
  circle: MapCircle | null;
  pin: MapPin | null;
  lassoActive: boolean;
  /** The surroundings once the map has settled (undefined before: they are drawn after the areas). */
  context: MapContext | null | undefined;
}

/** What the map tells its component: the pointer's doings, and when it is ready and settled. */
export interface MapViewEvents {
  /** The style is read and the data drawn: `update` may be called from now on. */
  ready(view: MapView): void;
  /** At rest with its areas (or a zip code's outline) drawn, once at least. */
  settled(): void;
  areaClick(id: string): void;
  areaHover(id: string | null): void;
  describeArea(id: string): string | undefined;
  mapClick(lngLat: { lng: number; lat: number }): void;
  lasso(ring: LassoRing): void;
  tooltip(tip: { text: string; x: number; y: number } | null): void;
}

export interface MapView {
  /** Applies what changed since the last call (the first applies all, as the map has just been drawn). */
  update(data: MapViewData): void;
  /** Lets go of the markers and the lasso, then of the map. */
  destroy(): void;
}

/** "lng,lat[,rest]" for a data attribute, '' for none. */
export const point = (at: { lng: number; lat: number } | null | undefined, ...rest: number[]) =>
  at ? [at.lng, at.lat, ...rest].join(',') : '';

const fitTo = (map: GlMap, [west, south, east, north]: Bbox) =>
  map.fitBounds(
    [
      [west, south],
      [east, north],
    ],
    { padding: 24, duration: 0 },
  );

const sameBbox = (a: Bbox, b: Bbox) => a.every((value, index) => value === b[index]);

/**
 * The MapLibre (or Mapbox GL) map of AreaMap, driven from outside React: made with the map, it draws
 * the data of `latest()` as soon as the style is read, follows the pointer, and from then on takes
 * each render's data through `update`, which touches only what changed (each source upload, feature
 * state or marker costs frames without a GPU). The wrapper `node` carries the camera and state as
 * data attributes for tests and the benchmark.
 */
export function createMapView(
  map: GlMap,
  engine: MapEngine,
  node: HTMLElement,
  latest: () => MapViewData,
  events: MapViewEvents,
): MapView {
  // What the map's sources hold, and the data of the last update (null: none yet).
  const sent: { outline?: AreaGeometry | null; areas: readonly MapArea[]; circle: string } = {
    areas: [],
    circle: '',
  };
  let applied: MapViewData | null = null;
  let contextShown: { context: MapContext | null; markers: MapMarker[] } | null = null;
  let pinMarker: MapMarker | null = null;
  let stopLasso: (() => void) | null = null;
  const source = (id: string) => map.getSource(id) as GeoJSONSource | undefined;
  const setStates = (areas: readonly MapArea[], state: (id: string) => Record<string, boolean>) => {
    for (const area of areas) map.setFeatureState({ source: 'areas', id: area.id }, state(area.id));
  };

  // The lasso's map put back as it was; the wrapper says it is off.
  const endLasso = () => {
    if (!stopLasso) return;
    stopLasso();
    stopLasso = null;
    node.dataset.lasso = '';
  };

  const view: MapView = {
    update(data) {
      const was = applied;
      applied = data;
      // The surroundings of the zip code: outlines and labels, drawn once the areas are (without a GPU,
      // every source and label drawn in the first frames delays the routes).
      if (data.context !== undefined && (!contextShown || contextShown.context !== data.context)) {
        for (const marker of contextShown?.markers ?? []) marker.remove();
        source('context')?.setData(contextFeatures(data.context));
        const markers = data.context
          ? contextMarkers(data.context, engine.basemap === 'offline', engine.marker(map))
          : [];
        contextShown = { context: data.context, markers };
      }
      if (!was || !sameBbox(was.bbox, data.bbox)) {
        node.dataset.mapState = 'moving';
        fitTo(map, data.bbox);
      }
      if (!was || was.outline !== data.outline) {
        if (sent.outline !== data.outline) source('outline')?.setData(outlineFeatures(data.outline ?? null));
        sent.outline = data.outline;
        node.dataset.outline = data.outline ? 'drawn' : '';
      }
      const areasChanged = !was || was.areas !== data.areas;
      if (areasChanged && sent.areas !== data.areas) {
        source('areas')?.setData(areaFeatures(data.areas));
        sent.areas = data.areas;
      }
      if (areasChanged || was.selected !== data.selected) {
        const chosen = new Set(data.selected);
        setStates(data.areas, (id) => ({ selected: chosen.has(id) }));
      }
      if (areasChanged || was.dimmed !== data.dimmed) {
        const faint = new Set(data.dimmed);
        setStates(data.areas, (id) => ({ dimmed: faint.has(id) }));
        node.dataset.dimmed = String(data.areas.filter((a) => faint.has(a.id)).length);
      }
      if (areasChanged || was.highlighted !== data.highlighted) {
        setStates(data.areas, (id) => ({ highlighted: id === data.highlighted }));
        // What the map was told to light, read back from the map itself.
        const lit = data.areas.find(
          (area) => map.getFeatureState({ source: 'areas', id: area.id }).highlighted === true,
        );
        node.dataset.highlighted = lit?.id ?? '';
      }
      const ring = point(data.circle, data.circle?.miles ?? 0);
      if (ring !== sent.circle) {
        source('circle')?.setData(circleFeatures(data.circle));
        sent.circle = ring;
      }
      if (!was || point(was.pin) !== point(data.pin) || was.pin?.label !== data.pin?.label) {
        pinMarker?.remove();
        pinMarker = data.pin
          ? engine.marker(map)(pinElement(data.pin.label), [data.pin.lng, data.pin.lat], 'bottom')
          : null;
      }
      if (!data.lassoActive) endLasso();
      else if (!stopLasso) {
        node.dataset.lasso = 'on';
        stopLasso = startLasso(map, events.lasso);
      }
    },
    destroy() {
      for (const marker of contextShown?.markers ?? []) marker.remove();
      pinMarker?.remove();
      endLasso();
      map.remove();
    },
  };

  map.on('error', (event) => console.warn('Map error:', event.error.message));
  // As soon as the style is read, before the basemap's first frame: the areas are drawn in that frame
  // rather than in a second one (each a few hundred milliseconds without a GPU).
  let ready = false;
  map.once('style.load', () => {
    const data = latest();
    // Where the data is by now (the map was made while it loaded): its first tiles are those.
    fitTo(map, data.bbox);
    addLayers(map, { context: null, outline: data.outline ?? null, areas: data.areas, circle: data.circle });
    sent.outline = data.outline;
    sent.areas = data.areas;
    sent.circle = point(data.circle, data.circle?.miles ?? 0);
    ready = true;
    events.ready(view);
  });
  let basemapReadAt = '';
  map.on('idle', () => {
    if (!ready) return;
    const center = map.getCenter();
    node.dataset.center = `${center.lng},${center.lat}`;
    node.dataset.zoom = String(map.getZoom());
    // How many areas were drawn by this idle moment: "idle" before the data arrived is not done.
    node.dataset.areas = String(sent.areas.length);
    // The basemap's own layers with something drawn in view (a style's "roads", "places"...), read
    // once per camera: an idle after a hover draws no other basemap.
    const camera = `${node.dataset.center}@${node.dataset.zoom}`;
    if (engine.basemap !== 'offline' && camera !== basemapReadAt) {
      basemapReadAt = camera;
      const layers = new Set(
        map
          .queryRenderedFeatures()
          .filter((feature) => !OWN_SOURCES.has(feature.source))
          .map((feature) => feature.sourceLayer ?? feature.source),
      );
      node.dataset.basemapLayers = [...layers].sort().join(',');
    }
    node.dataset.mapState = 'idle';
    // (A zip code without routes is drawn once its outline is.)
    if (sent.areas.length > 0 || latest().outline) events.settled();
  });
  map.on('movestart', () => {
    node.dataset.mapState = 'moving';
  });
  let hovered: string | null = null;
  map.on('mousemove', AREA_HIT_LAYERS, (event: MapLayerMouseEvent) => {
    const id = event.features?.[0]?.properties?.id;
    if (typeof id !== 'string') return;
    map.getCanvas().style.cursor = 'pointer';
    const text = events.describeArea(id);
    events.tooltip(text ? { text, x: event.point.x, y: event.point.y } : null);
    if (id !== hovered) {
      hovered = id;
      events.areaHover(id);
    }
  });
  map.on('mouseleave', AREA_HIT_LAYERS, () => {
    map.getCanvas().style.cursor = '';
    events.tooltip(null);
    hovered = null;
    events.areaHover(null);
  });
  map.on('click', AREA_HIT_LAYERS, (event: MapLayerMouseEvent) => {
    const id = event.features?.[0]?.properties?.id;
    if (typeof id === 'string') events.areaClick(id);
  });
  map.on('click', (event: MapMouseEvent) =>
    events.mapClick({ lng: event.lngLat.lng, lat: event.lngLat.lat }),
  );
  return view;
}
