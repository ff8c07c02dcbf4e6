import { describe, expect, it } from 'vitest';
import { hasMapboxToken, MAPBOX_MISSING, mapboxImport } from '../../scripts/optionalMapbox';

/** mapbox-gl is built in only with a Mapbox token, and a token without the package stops the build. */
describe('the optional mapbox-gl', () => {
  it('is wanted only with a Mapbox access token', () => {
    expect(hasMapboxToken('pk.eyJ1IjoiYWRsYW5lIn0.abc')).toBe(true);
    expect(hasMapboxToken('embedded')).toBe(false);
    expect(hasMapboxToken('sk.secret')).toBe(false);
    expect(hasMapboxToken(undefined)).toBe(false);
  });

  it('stops a build with a token but without the package, saying what to install', () => {
    expect(mapboxImport('mapbox-gl', { mapbox: true, installed: false })).toEqual({ error: MAPBOX_MISSING });
    expect(MAPBOX_MISSING).toContain('npm install mapbox-gl');
  });

  it('stands in for the package and its stylesheet when neither a token nor the package is there', () => {
    expect(mapboxImport('mapbox-gl', { mapbox: false, installed: false })).toBe('stub');
    expect(mapboxImport('mapbox-gl/dist/mapbox-gl.css', { mapbox: false, installed: false })).toBe('stub');
  });

  it('leaves an installed package, and every other module, to the usual resolution', () => {
    expect(mapboxImport('mapbox-gl', { mapbox: true, installed: true })).toBe('as usual');
    expect(mapboxImport('maplibre-gl', { mapbox: true, installed: false })).toBe('as usual');
  });
});
