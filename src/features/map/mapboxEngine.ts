import 'mapbox-gl/dist/mapbox-gl.css';
import mapboxgl from 'mapbox-gl';
import { config } from '../../config';
import type { GlMap, MapEngine } from './mapEngine.types';

/** Mapbox GL with a Mapbox style, for builds configured with a Mapbox access token. */
export const mapboxEngine: MapEngine = {
  name: 'mapbox',
  prewarm: () => mapboxgl.prewarm(),
  create: (container, bounds) => {
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
};
