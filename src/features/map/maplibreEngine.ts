import 'maplibre-gl/dist/maplibre-gl.css';
import { addProtocol, Map as MapLibreMap, Marker, prewarm, setWorkerUrl } from 'maplibre-gl';
// The worker as a file of this build: MapLibre would otherwise look for it beside its own module.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { basemapName, basemapStyle } from './basemapStyle';
import type { MapEngine } from './mapEngine.types';
import { readMapSettings } from './mapSettings';

setWorkerUrl(workerUrl);

let pmtiles: Promise<void> | null = null;
/** The `pmtiles://` protocol, registered once, its code loaded only for a basemap that may use it. */
const registerPmtiles = () => {
  pmtiles ??= import('pmtiles').then(({ Protocol }) => addProtocol('pmtiles', new Protocol().tile));
  return pmtiles;
};

const settings = readMapSettings();

export const maplibreEngine: MapEngine = {
  name: 'maplibre',
  basemap: basemapName(settings),
  prewarm,
  create: async (container, bounds) =>
    new MapLibreMap({
      container,
      style: await basemapStyle(settings, registerPmtiles),
      bounds,
      fitBoundsOptions: { padding: 24 },
      attributionControl: { compact: true, customAttribution: 'Boundaries: US Census Bureau (us-atlas)' },
      dragRotate: false,
      pitchWithRotate: false,
      maxZoom: 17,
    }),
  marker: (map) => (element, lngLat, anchor) => new Marker({ element, anchor }).setLngLat(lngLat).addTo(map),
};
