import { config } from '../../config';
import type { MapEngine } from './mapEngine.types';

export type { GlMap, MapEngine } from './mapEngine.types';

/**
 * Loads the renderer this build is configured for. Only pages that show a map call this, so neither
 * library is in any other page's code (see `npm run size`).
 */
export function loadMapEngine(): Promise<MapEngine> {
  return config.map.engine === 'mapbox'
    ? import('./mapboxEngine').then((module) => module.mapboxEngine)
    : import('./maplibreEngine').then((module) => module.maplibreEngine);
}
