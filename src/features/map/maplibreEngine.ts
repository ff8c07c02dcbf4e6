import 'maplibre-gl/dist/maplibre-gl.css';
import { Map as MapLibreMap, prewarm, type StyleSpecification, setWorkerUrl } from 'maplibre-gl';
// The worker as a file of this build: MapLibre would otherwise look for it beside its own module.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { BASEMAP_COLORS, stateOutlines } from './basemap';
import type { MapEngine } from './mapEngine.types';

setWorkerUrl(workerUrl);

/** The offline basemap: water, land and state borders from GeoJSON. No tiles, no glyphs, no sprites. */
const style = (): StyleSpecification => ({
  version: 8,
  // Cut into tiles up to zoom 8 and drawn larger beyond: borders 20 m apart at most, where cutting
  // them again at a zip code's zoom cost the first frame's work.
  sources: { states: { type: 'geojson', data: stateOutlines(), maxzoom: 8 } },
  layers: [
    { id: 'water', type: 'background', paint: { 'background-color': BASEMAP_COLORS.water } },
    { id: 'land', type: 'fill', source: 'states', paint: { 'fill-color': BASEMAP_COLORS.land } },
    {
      id: 'state-borders',
      type: 'line',
      source: 'states',
      paint: { 'line-color': BASEMAP_COLORS.border, 'line-width': 1 },
    },
  ],
});

export const maplibreEngine: MapEngine = {
  name: 'maplibre',
  prewarm,
  create: (container, bounds) =>
    new MapLibreMap({
      container,
      style: style(),
      bounds,
      fitBoundsOptions: { padding: 24 },
      attributionControl: { compact: true, customAttribution: 'Boundaries: US Census Bureau (us-atlas)' },
      dragRotate: false,
      pitchWithRotate: false,
      maxZoom: 17,
    }),
};
