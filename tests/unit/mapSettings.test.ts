import { describe, expect, it } from 'vitest';
import { MAP_SETTINGS_META, NO_MAP_SETTINGS } from '../../contract/mapSettings';
import { mapOrigins, readMapSettings, withMapSettings } from '../../server/mapSettings';

describe('the map settings (MAP_STYLE_URL, MAP_PMTILES_URL, MAP_GLYPHS_URL, MAP_SPRITE_URL)', () => {
  it('is the offline map without a style or an archive, whatever else is set', () => {
    expect(readMapSettings({})).toEqual(NO_MAP_SETTINGS);
    expect(readMapSettings({ MAP_GLYPHS_URL: 'https://fonts.example/{fontstack}/{range}.pbf' })).toEqual(
      NO_MAP_SETTINGS,
    );
  });

  it('takes http(s) addresses and paths of this server, and refuses anything else with a sentence', () => {
    expect(readMapSettings({ MAP_STYLE_URL: ' https://tiles.example/style.json ' }).styleUrl).toBe(
      'https://tiles.example/style.json',
    );
    expect(readMapSettings({ MAP_PMTILES_URL: '/tiles/chicago.pmtiles' }).pmtilesUrl).toBe(
      '/tiles/chicago.pmtiles',
    );
    expect(() => readMapSettings({ MAP_STYLE_URL: 'ftp://tiles.example/style.json' })).toThrow(
      'MAP_STYLE_URL must be an http(s) address or a path of this server',
    );
    expect(() => readMapSettings({ MAP_PMTILES_URL: '//tiles.example/a.pmtiles' })).toThrow(
      'MAP_PMTILES_URL',
    );
  });

  it('opens the page’s policy to exactly the hosts the basemap is fetched from', () => {
    expect(mapOrigins(NO_MAP_SETTINGS)).toEqual([]);
    expect(
      mapOrigins(
        readMapSettings({
          MAP_STYLE_URL: 'https://styles.example/light.json',
          MAP_GLYPHS_URL: 'https://fonts.example/{fontstack}/{range}.pbf',
        }),
      ),
    ).toEqual(['https://styles.example', 'https://fonts.example']);
    // An archive on this server with Protomaps' own fonts and sprites: their host only.
    expect(mapOrigins(readMapSettings({ MAP_PMTILES_URL: '/tiles/chicago.pmtiles' }))).toEqual([
      'https://protomaps.github.io',
    ]);
  });

  it('writes the settings into the page’s head, escaped, and nothing for the offline map', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    expect(withMapSettings(html, NO_MAP_SETTINGS)).toBe(html);
    const settings = readMapSettings({ MAP_STYLE_URL: 'https://tiles.example/style.json?a="b"&c=<d>' });
    const page = withMapSettings(html, settings);
    const content = /<meta name="([^"]+)" content="([^"]*)"><\/head>/.exec(page);
    expect(content?.[1]).toBe(MAP_SETTINGS_META);
    const decoded = (content?.[2] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(JSON.parse(decoded)).toEqual(settings);
  });
});
