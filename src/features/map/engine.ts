import { config } from '../../config';
import type { MapEngine } from './mapEngine.types';

export type { GlMap, MapEngine } from './mapEngine.types';

/**
 * Loads the renderer this build is configured for. Only pages that show a map call this, so neither
 * library is in any other page's code (see `npm run size`). `__MAPBOX__` is a constant of the build
 * (scripts/optionalMapbox.ts), so a build without a Mapbox token has no Mapbox chunk at all.
 */
export function loadMapEngine(): Promise<MapEngine> {
  return __MAPBOX__ && config.map.engine === 'mapbox'
    ? import('./mapboxEngine').then((module) => module.mapboxEngine)
    : import('./maplibreEngine').then((module) => module.maplibreEngine);
}
