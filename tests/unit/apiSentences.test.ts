import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../src/api/result';

/*
 * src/system's market and direct-mail calls turn the adapters' Results into what the pages and
 * machines take: the data (unwrapped where the wire wraps it), or an Error whose message is SPEC
 * section 8's sentence and whose cause holds the API's own reason. Each call, both ways.
 */
let answer: Result<unknown>;
const adapter = () => vi.fn(async () => answer);
vi.mock('../../src/api/market', () => ({
  fetchDemographics: adapter(),
  fetchMarketDetails: adapter(),
  fetchMarketPoi: adapter(),
  fetchAvailability: adapter(),
  fetchQuote: adapter(),
}));
vi.mock('../../src/api/directMail', () => ({
  fetchEddmZip: adapter(),
  fetchZipGeometry: adapter(),
  fetchMapContext: adapter(),
  fetchRouteBounds: adapter(),
  fetchEddmNear: adapter(),
  fetchEddmMediaType: adapter(),
  fetchEddmCart: adapter(),
  saveEddmCart: adapter(),
  fetchEddmAreas: adapter(),
  fetchAbdmRates: adapter(),
  fetchMarketGeo: adapter(),
  fetchNearbyMarket: adapter(),
}));
const { marketCalls } = await import('../../src/system/marketCalls');
const { directMailCalls } = await import('../../src/system/directMailCalls');

type Call = (...args: never[]) => Promise<unknown>;
const calls = { ...marketCalls, ...directMailCalls } as Record<string, Call>;

/** Each call's sentence, and the field the wire wraps its data in (if it does). */
const TABLE: Array<[name: string, sentence: string, wrappedIn?: string]> = [
  ['fetchDemographics', 'Error fetching demographics', 'demographics'],
  ['fetchMarketDetails', 'Error fetching market details'],
  ['fetchMarketPoi', 'Error fetching market poi', 'poi'],
  ['fetchAvailability', 'Error fetching availability'],
  ['fetchQuote', 'Error fetching quote'],
  ['fetchEddmZip', 'Error fetching carrier routes'],
  ['fetchZipGeometry', 'Error fetching the zip code area'],
  ['fetchMapContext', 'Error fetching the map around the zip code'],
  ['fetchRouteBounds', 'Error fetching route bounds'],
  ['fetchEddmNear', 'Error fetching the routes around your pin'],
  ['fetchEddmMediaType', 'Error fetching every-door pricing'],
  ['fetchEddmCart', 'Error loading your route selection'],
  ['saveEddmCart', 'Error saving your route selection'],
  ['fetchEddmAreas', 'Error loading your saved areas', 'areas'],
  ['fetchAbdmRates', 'Error fetching ABDM rates'],
  ['fetchMarketGeo', 'Error fetching Market boundary'],
  ['fetchNearbyMarket', 'Error fetching nearby market'],
];

describe('the market and direct-mail calls of src/system', () => {
  beforeEach(() => {
    answer = { ok: false, message: 'unused', fieldErrors: {}, status: 500 };
  });

  it('covers every call it offers', () => {
    expect(Object.keys(calls).sort()).toEqual(TABLE.map(([name]) => name).sort());
  });

  it.each(TABLE)(
    '%s: a refusal is its sentence, with the API’s reason as the cause',
    async (name, sentence) => {
      answer = { ok: false, message: 'Zip code 00000 is not served.', fieldErrors: {}, status: 422 };
      const call = calls[name] as Call;
      const failed = await call().then(
        () => null,
        (error: unknown) => error,
      );
      expect(failed).toBeInstanceOf(Error);
      expect((failed as Error).message).toBe(sentence);
      expect((failed as Error).cause).toEqual({ message: 'Zip code 00000 is not served.' });
    },
  );

  it.each(TABLE)(
    '%s: a success is its data, taken out of its wrapper',
    async (name, _sentence, wrappedIn) => {
      const data = { id: name };
      answer = { ok: true, data: wrappedIn ? { [wrappedIn]: data } : data, message: '' };
      const call = calls[name] as Call;
      expect(await call()).toEqual(data);
    },
  );
});
