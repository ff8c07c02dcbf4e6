import { MAP_SETTINGS_META, type MapSettings, NO_MAP_SETTINGS } from '../../../contract/mapSettings';

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The basemap the server was configured with (its meta tag in the page), or the offline one. */
export function readMapSettings(): MapSettings {
  if (typeof document === 'undefined') return NO_MAP_SETTINGS;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${MAP_SETTINGS_META}"]`)?.content;
  if (!content) return NO_MAP_SETTINGS;
  try {
    const parsed = JSON.parse(content) as Record<string, unknown>;
    return {
      styleUrl: text(parsed.styleUrl),
      pmtilesUrl: text(parsed.pmtilesUrl),
      glyphsUrl: text(parsed.glyphsUrl),
      spriteUrl: text(parsed.spriteUrl),
    };
  } catch {
    console.warn('The map settings of this page are not JSON: the offline map is shown.');
    return NO_MAP_SETTINGS;
  }
}
