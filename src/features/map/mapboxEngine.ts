import 'mapbox-gl/dist/mapbox-gl.css';
import mapboxgl from 'mapbox-gl';
import { config } from '../../config';
import type { GlMap, MapEngine } from './mapEngine.types';

/** Mapbox GL with a Mapbox style, for builds configured with a Mapbox access token. */
export const mapboxEngine: MapEngine = {
  name: 'mapbox',
  basemap: 'mapbox',
  prewarm: () => mapboxgl.prewarm(),
  create: async (container, bounds) => {
    mapboxgl.accessToken = config.mapboxToken;
    // The calls the app makes (sources, layers, feature state, events, camera) are the same in
    // both libraries; MapLibre's types describe them for both.
    return new mapboxgl.Map({
      container,
      style: config.map.mapboxStyle,
      bounds,
      fitBoundsOptions: { padding: 24 },
      dragRotate: false,
      pitchWithRotate: false,
      maxZoom: 17,
    }) as unknown as GlMap;
  },
  marker: (map) => (element, lngLat, anchor) =>
    new mapboxgl.Marker({ element, anchor }).setLngLat(lngLat).addTo(map as unknown as mapboxgl.Map),
};
