import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/config';

const DAY_MS = 86_400_000;

describe('EDDM_ROUTES, EDDM_ROUTES_URL, EDDM_ROUTES_MAX_AGE and EDDM_ROUTES_TIMEOUT', () => {
  it('are generated routes, USPS’s address, 7 days and 15 s unless set', () => {
    expect(readServerConfig({}).eddmRoutes).toEqual({
      source: 'generated',
      url: 'https://gis.usps.com/arcgis/rest/services/EDDM',
      maxAgeMs: 7 * DAY_MS,
      timeoutMs: 15_000,
    });
  });

  it('read usps, a base URL without its trailing slash, days or hours, and seconds or minutes', () => {
    const settings = readServerConfig({
      EDDM_ROUTES: 'USPS',
      EDDM_ROUTES_URL: 'http://127.0.0.1:9000/arcgis/rest/services/EDDM/',
      EDDM_ROUTES_MAX_AGE: '12h',
      EDDM_ROUTES_TIMEOUT: '1m',
    }).eddmRoutes;
    expect(settings).toEqual({
      source: 'usps',
      url: 'http://127.0.0.1:9000/arcgis/rest/services/EDDM',
      maxAgeMs: 12 * 3_600_000,
      timeoutMs: 60_000,
    });
    expect(readServerConfig({ EDDM_ROUTES_MAX_AGE: '30' }).eddmRoutes.maxAgeMs).toBe(30 * DAY_MS);
  });

  it('refuse anything else with a sentence naming the setting', () => {
    expect(() => readServerConfig({ EDDM_ROUTES: 'census' })).toThrow(
      'EDDM_ROUTES must be generated (offline routes, the default) or usps',
    );
    expect(() => readServerConfig({ EDDM_ROUTES_URL: 'ftp://gis.usps.com/EDDM' })).toThrow(
      'EDDM_ROUTES_URL must be the http(s) address',
    );
    for (const wrong of ['0', '7 days', '-1', '1.5'])
      expect(() => readServerConfig({ EDDM_ROUTES_MAX_AGE: wrong })).toThrow(
        `EDDM_ROUTES_MAX_AGE must be a number of days (7) or hours (12h), got "${wrong}".`,
      );
    expect(() => readServerConfig({ EDDM_ROUTES_TIMEOUT: 'soon' })).toThrow('EDDM_ROUTES_TIMEOUT must be');
  });
});
