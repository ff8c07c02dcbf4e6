import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geocodeAnswer } from '../../contract/geocoding';
import { DRIVERS, type Harness } from './harness';

describe.each(DRIVERS)('geocoding (Mapbox v5 shape) on %s', (_name, open) => {
  let h: Harness;
  beforeAll(async () => {
    h = await open();
  });
  afterAll(async () => {
    await h.close();
  });

  const geocode = async (
    text: string,
    query = 'country=us&types=place,address,locality,neighborhood&access_token=x',
  ) => {
    const response = await h.app.request(
      `/geocoding/v5/mapbox.places/${encodeURIComponent(text)}.json?${query}`,
    );
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('finds a city by the start of its name, with its central zip code and state in context', async () => {
    const { status, body } = await geocode('chic');
    expect(status).toBe(200);
    const [chicago] = geocodeAnswer.parse(body).features;
    expect(chicago).toMatchObject({ text: 'Chicago', place_type: ['place'] });
    expect(chicago?.context).toEqual(
      expect.arrayContaining([
        { id: expect.stringMatching(/^postcode\./), text: expect.stringMatching(/^606\d\d$/) },
        { id: 'region.il', text: 'Illinois', short_code: 'US-IL' },
      ]),
    );
    expect(chicago?.center[0]).toBeCloseTo(-87.7, 0);
  });

  it('narrows a city by state after a comma', async () => {
    const features = geocodeAnswer.parse((await geocode('springfield, mo')).body).features;
    expect(features.length).toBeGreaterThan(0);
    expect(features.every((f) => f.context.some((c) => c.short_code === 'US-MO'))).toBe(true);
  });

  it('answers a zip code with the place around it, or as a postcode when postcodes are asked for', async () => {
    const asPlace = geocodeAnswer.parse((await geocode('60601')).body).features[0];
    expect(asPlace).toMatchObject({
      text: 'Chicago',
      place_type: ['place'],
      place_name: 'Chicago, Illinois 60601, United States',
    });
    const asPostcode = geocodeAnswer.parse((await geocode('60601', 'types=postcode')).body).features[0];
    expect(asPostcode).toMatchObject({ text: '60601', place_type: ['postcode'] });
  });

  it('answers nothing for places it does not know', async () => {
    expect(geocodeAnswer.parse((await geocode('qqqxyz')).body).features).toEqual([]);
  });

  it('treats a literal percent sign as text, not as broken encoding', async () => {
    const { status, body } = await geocode('100%');
    expect(status).toBe(200);
    expect(geocodeAnswer.parse(body).features).toEqual([]);
  });

  it('refuses other countries and unknown place types with 400 and a message', async () => {
    const country = await geocode('toronto', 'country=ca');
    expect(country.status).toBe(400);
    expect(country.body).toMatchObject({ message: expect.stringContaining('United States') });
    const types = await geocode('chicago', 'types=planet');
    expect(types.status).toBe(400);
  });
});
