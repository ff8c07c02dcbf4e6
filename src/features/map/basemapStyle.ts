import type { StyleSpecification } from 'maplibre-gl';
import { type MapSettings, PROTOMAPS_ASSETS } from '../../../contract/mapSettings';
import { stateOutlines } from './basemap';
import { BASEMAP_COLORS } from './basemapColors';

/** An address of the settings as the map fetches it: from the page's origin when written as a path. */
const absolute = (url: string) => new URL(url, window.location.href).href;

/** The offline basemap: water, land and state borders from GeoJSON. No tiles, no glyphs, no sprites. */
export const offlineStyle = (): StyleSpecification => ({
  version: 8,
  // Cut into tiles up to zoom 8 and drawn larger beyond: borders 20 m apart at most, where cutting
  // them again at a zip code's zoom cost the first frame's work.
  sources: { states: { type: 'geojson', data: stateOutlines(), maxzoom: 8 } },
  layers: [
    { id: 'water', type: 'background', paint: { 'background-color': BASEMAP_COLORS.water } },
    // Not antialiased: the borders are drawn over its edges (and an antialiased fill is a shader more).
    {
      id: 'land',
      type: 'fill',
      source: 'states',
      paint: { 'fill-color': BASEMAP_COLORS.land, 'fill-antialias': false },
    },
    {
      id: 'state-borders',
      type: 'line',
      source: 'states',
      paint: { 'line-color': BASEMAP_COLORS.border, 'line-width': 1 },
    },
  ],
});

/** Protomaps' light style over one PMTiles archive of its basemap (the operator's one file). */
async function protomapsStyle(settings: MapSettings, pmtilesUrl: string): Promise<StyleSpecification> {
  const { layers, namedFlavor } = await import('@protomaps/basemaps');
  return {
    version: 8,
    glyphs: settings.glyphsUrl ? absolute(settings.glyphsUrl) : PROTOMAPS_ASSETS.glyphs,
    sprite: settings.spriteUrl ? absolute(settings.spriteUrl) : PROTOMAPS_ASSETS.sprite,
    sources: {
      protomaps: {
        type: 'vector',
        url: `pmtiles://${absolute(pmtilesUrl)}`,
        attribution:
          '<a href="https://protomaps.com">Protomaps</a> © <a href="https://openstreetmap.org/copyright">OpenStreetMap</a>',
      },
    },
    layers: layers('protomaps', namedFlavor('light'), { lang: 'en' }),
  };
}

/**
 * The style of the configured basemap: the operator's style (whose sources may be `pmtiles://`
 * archives: the protocol is registered first), Protomaps' over an archive, or the offline one.
 */
export async function basemapStyle(
  settings: MapSettings,
  registerPmtiles: () => Promise<void>,
): Promise<StyleSpecification | string> {
  if (settings.styleUrl) {
    await registerPmtiles();
    return absolute(settings.styleUrl);
  }
  if (settings.pmtilesUrl) {
    const [style] = await Promise.all([protomapsStyle(settings, settings.pmtilesUrl), registerPmtiles()]);
    return style;
  }
  return offlineStyle();
}

/** What `data-style` says the map is drawn over. */
export const basemapName = (settings: MapSettings) =>
  settings.styleUrl ?? (settings.pmtilesUrl ? 'pmtiles' : 'offline');
