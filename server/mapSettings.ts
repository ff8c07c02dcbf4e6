import {
  hasStreetBasemap,
  MAP_SETTINGS_META,
  type MapSettings,
  NO_MAP_SETTINGS,
  PROTOMAPS_ASSETS,
} from '../contract/mapSettings';
import { escapeHtml } from './content/heads';

/** A setting's address: absolute http(s), or a path of this server ("/tiles/chicago.pmtiles"). */
function address(value: string | undefined, name: string): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (text.startsWith('/') && !text.startsWith('//')) return text;
  try {
    const url = new URL(text);
    if (url.protocol === 'https:' || url.protocol === 'http:') return text;
  } catch {
    // Said below, with the setting's name.
  }
  throw new Error(
    `${name} must be an http(s) address or a path of this server (like /tiles/basemap.pmtiles), got "${text}".`,
  );
}

/**
 * Issue 34: the map's basemap (`MAP_STYLE_URL`: a MapLibre style, whose sources may be `pmtiles://`
 * archives; or `MAP_PMTILES_URL`: one Protomaps basemap archive, drawn with Protomaps' light style,
 * its fonts and sprites at `MAP_GLYPHS_URL` and `MAP_SPRITE_URL` or Protomaps' own). Unset: offline.
 */
export function readMapSettings(env: NodeJS.ProcessEnv): MapSettings {
  const settings: MapSettings = {
    styleUrl: address(env.MAP_STYLE_URL, 'MAP_STYLE_URL'),
    pmtilesUrl: address(env.MAP_PMTILES_URL, 'MAP_PMTILES_URL'),
    glyphsUrl: address(env.MAP_GLYPHS_URL, 'MAP_GLYPHS_URL'),
    spriteUrl: address(env.MAP_SPRITE_URL, 'MAP_SPRITE_URL'),
  };
  return hasStreetBasemap(settings) ? settings : NO_MAP_SETTINGS;
}

const originOf = (url: string | null) => (url && !url.startsWith('/') ? new URL(url).origin : null);

/**
 * The other origins the configured basemap fetches from (its style, archive, fonts and sprites), for
 * the Content-Security-Policy's connect-src and img-src: exactly those, never a wildcard. Tiles a
 * style names on further hosts go in CSP_CONNECT_ORIGINS.
 */
export function mapOrigins(settings: MapSettings): string[] {
  const protomaps = settings.pmtilesUrl && !settings.styleUrl;
  const origins = [
    settings.styleUrl,
    settings.pmtilesUrl,
    settings.glyphsUrl ?? (protomaps ? PROTOMAPS_ASSETS.glyphs : null),
    settings.spriteUrl ?? (protomaps ? PROTOMAPS_ASSETS.sprite : null),
  ].map(originOf);
  return [...new Set(origins.filter((origin) => origin !== null))];
}

/** index.html with the map's settings in a meta tag the map reads (nothing added for the offline map). */
export function withMapSettings(html: string, settings: MapSettings): string {
  if (!hasStreetBasemap(settings)) return html;
  const meta = `<meta name="${MAP_SETTINGS_META}" content="${escapeHtml(JSON.stringify(settings))}">`;
  return html.replace('</head>', `${meta}</head>`);
}
