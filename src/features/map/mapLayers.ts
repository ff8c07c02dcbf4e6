import circle from '@turf/circle';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { ExpressionSpecification, FilterSpecification } from 'maplibre-gl';
import type { AreaGeometry, MapContext, RouteShape } from '../../../contract/directMail';
import type { GlMap } from './mapEngine.types';

/** One area drawn on the map (a carrier route), identified by `id`. */
export interface MapArea {
  id: string;
  /** An area (generated routes) or the streets a route runs along (USPS's routes), drawn as lines. */
  geometry: RouteShape;
}

/** A ring of "every route within N miles" of a point. */
export interface MapCircle {
  lat: number;
  lng: number;
  miles: number;
}

// The palette of tailwind.config.ts (primary 600, 300 and 100, sunshine 500): map paint takes colour values.
export const COLORS = {
  primary: '#6330d6',
  primaryLine: '#b59bff',
  primarySoft: '#e9e1ff',
  accent: '#ffa51f',
};

/** The layers a pointer can hit on an area: the fill of an area, the wide invisible band of a street route. */
export const AREA_HIT_LAYERS = ['areas-fill', 'areas-route-hit'];
/** The sources the app adds; everything else on the map is the basemap's. */
export const OWN_SOURCES = new Set(['context', 'outline', 'areas', 'circle', 'lasso']);

const collection = (features: Feature<Geometry>[]): FeatureCollection<Geometry> => ({
  type: 'FeatureCollection',
  features,
});

export const areaFeatures = (areas: readonly MapArea[]) =>
  collection(
    areas.map((area) => ({
      type: 'Feature',
      id: area.id,
      properties: { id: area.id },
      geometry: area.geometry,
    })),
  );

export const outlineFeatures = (outline: AreaGeometry | null | undefined) =>
  collection(outline ? [{ type: 'Feature', properties: {}, geometry: outline }] : []);

/** The neighbouring zip codes' outlines (the zip code's own is the outline layer's). */
export const contextFeatures = (context: MapContext | null) =>
  collection(
    (context?.zips ?? [])
      .filter((zip) => zip.zip !== context?.zip)
      .map((zip) => ({ type: 'Feature', properties: { zip: zip.zip }, geometry: zip.geometry })),
  );

/** The ring around a point, as turf draws it (64 steps: round at any zoom a zip code is seen at). */
export const circleFeatures = (ring: MapCircle | null | undefined) =>
  collection(ring ? [circle([ring.lng, ring.lat], ring.miles, { units: 'miles', steps: 64 })] : []);

/** The freehand outline being drawn, closed as a polygon once it has three points. */
export const lassoFeatures = (points: readonly [number, number][]) => {
  const first = points[0];
  if (!first || points.length < 2) return collection([]);
  const line: Feature<Geometry> = {
    type: 'Feature',
    properties: {},
    geometry: { type: 'LineString', coordinates: [...points, first] },
  };
  const fill: Feature<Geometry> = {
    type: 'Feature',
    properties: {},
    geometry: { type: 'Polygon', coordinates: [[...points, first]] },
  };
  return collection(points.length >= 3 ? [fill, line] : [line]);
};

const selected: ExpressionSpecification = ['boolean', ['feature-state', 'selected'], false];
const lit: ExpressionSpecification = ['boolean', ['feature-state', 'highlighted'], false];
const faint: ExpressionSpecification = ['boolean', ['feature-state', 'dimmed'], false];
// Legacy filters: `$type` is the kind of the geometry as tiles keep it (a MultiLineString is a LineString).
const isLine: FilterSpecification = ['==', '$type', 'LineString'];
const isArea: FilterSpecification = ['==', '$type', 'Polygon'];

/** The map's own data of the moment, as its sources are first made: drawn with the basemap's first frame. */
export interface LayerData {
  context: MapContext | null;
  outline: AreaGeometry | null;
  areas: readonly MapArea[];
  circle: MapCircle | null;
}

/**
 * The map's own sources and layers, above the basemap and from the bottom up (each kind of paint a
 * shader program compiled for the first frame, slow without a GPU: fills are not antialiased, their
 * edges being lines anyway, and lines are solid but the radius ring's): the neighbouring zip
 * codes' outlines, the zip code's outline, the areas (filled) or street routes (thick lines over a
 * wide invisible band the pointer hits), the radius ring, the lasso being drawn.
 */
export function addLayers(map: GlMap, data: LayerData) {
  map.addSource('context', { type: 'geojson', data: contextFeatures(data.context) });
  map.addSource('outline', { type: 'geojson', data: outlineFeatures(data.outline) });
  map.addSource('areas', { type: 'geojson', data: areaFeatures(data.areas), promoteId: 'id' });
  map.addSource('circle', { type: 'geojson', data: circleFeatures(data.circle) });
  map.addSource('lasso', { type: 'geojson', data: lassoFeatures([]) });
  map.addLayer({
    id: 'context-line',
    type: 'line',
    source: 'context',
    paint: { 'line-color': COLORS.primaryLine, 'line-width': 1.25 },
  });
  map.addLayer({
    id: 'outline-fill',
    type: 'fill',
    source: 'outline',
    paint: { 'fill-color': COLORS.primarySoft, 'fill-opacity': 0.45, 'fill-antialias': false },
  });
  // Solid: a dashed line is a shader program of its own, compiled on the first frame.
  map.addLayer({
    id: 'outline-line',
    type: 'line',
    source: 'outline',
    paint: { 'line-color': COLORS.primary, 'line-width': 2.5 },
  });
  map.addLayer({
    id: 'areas-fill',
    type: 'fill',
    source: 'areas',
    paint: {
      'fill-color': ['case', selected, COLORS.primary, '#ffffff'],
      'fill-opacity': ['case', lit, 0.75, faint, 0.06, selected, 0.55, 0.3],
      // Their edges are lines of their own (areas-line); antialiased fill edges are one more shader.
      'fill-antialias': false,
    },
  });
  map.addLayer({
    id: 'areas-line',
    type: 'line',
    source: 'areas',
    filter: isArea,
    paint: {
      'line-color': ['case', lit, COLORS.accent, COLORS.primary],
      'line-width': ['case', lit, 3.5, 1.25],
      'line-opacity': ['case', faint, 0.3, 1],
    },
  });
  map.addLayer({
    id: 'areas-route',
    type: 'line',
    source: 'areas',
    filter: isLine,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: {
      'line-color': ['case', lit, COLORS.accent, selected, COLORS.primary, COLORS.primaryLine],
      'line-width': ['case', lit, 7, selected, 6, 4],
      'line-opacity': ['case', faint, 0.25, 0.9],
    },
  });
  // What the pointer hits on a street route: a finger's width, whatever the line's.
  map.addLayer({
    id: 'areas-route-hit',
    type: 'line',
    source: 'areas',
    filter: isLine,
    paint: { 'line-color': '#000000', 'line-width': 18, 'line-opacity': 0 },
  });
  map.addLayer({
    id: 'circle-fill',
    type: 'fill',
    source: 'circle',
    paint: { 'fill-color': COLORS.accent, 'fill-opacity': 0.08, 'fill-antialias': false },
  });
  map.addLayer({
    id: 'circle-line',
    type: 'line',
    source: 'circle',
    paint: { 'line-color': COLORS.accent, 'line-width': 2.5, 'line-dasharray': [3, 2] },
  });
  map.addLayer({
    id: 'lasso-fill',
    type: 'fill',
    source: 'lasso',
    paint: { 'fill-color': COLORS.accent, 'fill-opacity': 0.15, 'fill-antialias': false },
  });
  map.addLayer({
    id: 'lasso-line',
    type: 'line',
    source: 'lasso',
    paint: { 'line-color': COLORS.accent, 'line-width': 2.5 },
  });
}
