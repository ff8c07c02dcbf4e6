import { hasStreetBasemap } from '../../../contract/mapSettings';
import { config } from '../../config';
import type { MapEngine } from './mapEngine.types';
import { readMapSettings } from './mapSettings';

export type { MapEngine } from './mapEngine.types';

/**
 * Loads the renderer this build is configured for. Only pages that show a map call this, so neither
 * library is in any other page's code (see `npm run size`). `__MAPBOX__` is a constant of the build
 * (scripts/optionalMapbox.ts), so a build without a Mapbox token has no Mapbox chunk at all. A
 * basemap the server is configured with (MAP_STYLE_URL, MAP_PMTILES_URL) is MapLibre's to draw,
 * token or not: the operator chose it for this server.
 */
export function loadMapEngine(): Promise<MapEngine> {
  return __MAPBOX__ && config.map.engine === 'mapbox' && !hasStreetBasemap(readMapSettings())
    ? import('./mapboxEngine').then((module) => module.mapboxEngine)
    : import('./maplibreEngine').then((module) => module.maplibreEngine);
}
