import type { Map as GlMap } from 'maplibre-gl';
import type { Bbox } from '../../../contract/directMail';
import { config } from '../../config';

export type { GlMap };

/** A map renderer: MapLibre with the offline basemap, or Mapbox GL with a Mapbox style. */
export interface MapEngine {
  name: 'maplibre' | 'mapbox';
  /** A map in `container` showing `bounds`; throws when the browser cannot render maps (no WebGL). */
  create(container: HTMLElement, bounds: Bbox): GlMap;
}

/**
 * Loads the renderer this build is configured for. Only pages that show a map call this, so neither
 * library is in any other page's code (see `npm run size`).
 */
export function loadMapEngine(): Promise<MapEngine> {
  return config.map.engine === 'mapbox'
    ? import('./mapboxEngine').then((module) => module.mapboxEngine)
    : import('./maplibreEngine').then((module) => module.maplibreEngine);
}
