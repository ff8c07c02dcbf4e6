/**
 * Issue 34: the map's basemap, set on the server (`MAP_STYLE_URL`, `MAP_PMTILES_URL`, `MAP_GLYPHS_URL`,
 * `MAP_SPRITE_URL`) and handed to the page in a meta tag of index.html, so one build serves any
 * basemap an operator hosts. All null: the offline basemap.
 */
export interface MapSettings {
  /** A MapLibre style (its sources may be `pmtiles://` archives). */
  styleUrl: string | null;
  /** One PMTiles archive of the Protomaps basemap, drawn with Protomaps' light style. */
  pmtilesUrl: string | null;
  /** Where that style's fonts (`{fontstack}/{range}.pbf`) and sprites are. */
  glyphsUrl: string | null;
  spriteUrl: string | null;
}

/** The name of the meta tag whose content is the settings as JSON. */
export const MAP_SETTINGS_META = 'adlane-map';

export const NO_MAP_SETTINGS: MapSettings = {
  styleUrl: null,
  pmtilesUrl: null,
  glyphsUrl: null,
  spriteUrl: null,
};

/** Protomaps' own fonts and sprites, for an archive configured without them. */
export const PROTOMAPS_ASSETS = {
  glyphs: 'https://protomaps.github.io/basemaps-assets/fonts/{fontstack}/{range}.pbf',
  sprite: 'https://protomaps.github.io/basemaps-assets/sprites/v4/light',
} as const;

/** Whether the basemap is one with streets and labels of its own. */
export const hasStreetBasemap = (settings: MapSettings) => Boolean(settings.styleUrl || settings.pmtilesUrl);
