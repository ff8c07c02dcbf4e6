import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { demographicsAnswer, marketDetails, poiAnswer } from '../../contract/market';
import { markets, zips } from '../../server/db/schema';
import { DRIVERS, type Harness } from './harness';
import { caller, marketOfZip, placement } from './shop';

describe.each(DRIVERS)('market API on %s', (_name, open) => {
  let h: Harness;
  let chicago: string;
  let households: number;
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open();
    chicago = await marketOfZip(h, '60601');
    const [row] = await h.database.db.select().from(markets).where(eq(markets.prodcode, chicago));
    households = row?.households ?? 0;
  });
  afterAll(async () => {
    await h.close();
  });

  describe('GET /market/demographics', () => {
    it('describes the market from its households, the same every time', async () => {
      const dooh = await placement(h, 'dooh', { prodcode: chicago });
      const answer = await call(
        'GET',
        `/market/demographics?prodcode=${chicago}&mediacode=${dooh.mediacode}`,
      );
      expect(answer.status).toBe(200);
      const { demographics } = envelope(demographicsAnswer).parse(answer.body).data;
      expect(demographics.households).toBe(households);
      expect(demographics.population).toBeGreaterThanOrEqual(Math.floor(households * 2.4));
      expect(demographics.population).toBeLessThanOrEqual(Math.ceil(households * 2.7));
      expect(demographics.median_age).toBeGreaterThanOrEqual(32);
      expect(demographics.median_age).toBeLessThanOrEqual(44);
      expect(demographics.median_income).toBeGreaterThanOrEqual(48_000);
      expect(demographics.median_income).toBeLessThanOrEqual(112_000);
      expect(demographics.age.map((a) => a.band)).toEqual([
        '18-24',
        '25-34',
        '35-44',
        '45-54',
        '55-64',
        '65+',
      ]);
      expect(demographics.income.map((a) => a.band)).toEqual([
        'Under $50k',
        '$50k-$100k',
        '$100k-$150k',
        '$150k+',
      ]);
      const again = await call('GET', `/market/demographics?prodcode=${chicago.toLowerCase()}`);
      expect(again.body.data).toEqual(answer.body.data);
    });

    it('has age and income shares that add up to 1 in every market', async () => {
      const all = await h.database.db.select({ prodcode: markets.prodcode }).from(markets);
      const seen = new Set<string>();
      for (const { prodcode } of all.slice(0, 40)) {
        const answer = await call('GET', `/market/demographics?prodcode=${prodcode}`);
        const { demographics } = envelope(demographicsAnswer).parse(answer.body).data;
        const sum = (shares: { share: number }[]) => shares.reduce((total, s) => total + s.share, 0);
        expect(sum(demographics.age), prodcode).toBeCloseTo(1, 9);
        expect(sum(demographics.income), prodcode).toBeCloseTo(1, 9);
        expect(demographics.age.every((s) => s.share > 0)).toBe(true);
        expect(demographics.income.every((s) => s.share > 0)).toBe(true);
        seen.add(JSON.stringify([demographics.median_age, demographics.median_income]));
      }
      expect(seen.size).toBeGreaterThan(30);
    });
  });

  describe('GET /market/details', () => {
    it('gives the size, centre and largest places of the market, without zips unless asked', async () => {
      const answer = await call(
        'GET',
        `/market/details?prodcode=${chicago}&mediacode=PM${chicago.slice(3)}-01`,
      );
      expect(answer.status).toBe(200);
      const details = envelope(marketDetails).parse(answer.body).data;
      const zipRows = await h.database.db
        .select({ zip: zips.zip })
        .from(zips)
        .where(eq(zips.prodcode, chicago));
      expect(details).toMatchObject({
        prodcode: chicago,
        name: 'Chicago, IL',
        state: 'IL',
        households,
        zip_count: zipRows.length,
      });
      expect(details.center.lat).toBeCloseTo(41.8, 0);
      expect(details.center.lng).toBeCloseTo(-87.7, 0);
      expect(details.cities).toHaveLength(10);
      expect(details.cities[0]).toMatchObject({ name: 'Chicago', state: 'IL' });
      const counts = details.cities.map((c) => c.zip_count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(details.zips).toBeUndefined();

      for (const flag of ['1', 'true']) {
        const expanded = envelope(marketDetails).parse(
          (await call('GET', `/market/details?prodcode=${chicago}&zips_expanded=${flag}`)).body,
        ).data;
        expect(expanded.zips).toHaveLength(zipRows.length);
        expect(expanded.zips).toEqual([...(expanded.zips ?? [])].sort());
        expect(expanded.zips).toContain('60601');
      }
      const off = envelope(marketDetails).parse(
        (await call('GET', `/market/details?prodcode=${chicago}&zips_expanded=0`)).body,
      ).data;
      expect(off.zips).toBeUndefined();
    });
  });

  describe('GET /market/poi', () => {
    it('lists the screen venues of a screen network near the market’s places', async () => {
      const dooh = await placement(h, 'dooh', { prodcode: chicago });
      const path = `/market/poi?prodcode=${chicago}&mediacode=${dooh.mediacode}`;
      const answer = await call('GET', path);
      expect(answer.status).toBe(200);
      const { poi } = envelope(poiAnswer).parse(answer.body).data;
      expect(poi.length).toBeGreaterThanOrEqual(6);
      expect(poi.length).toBeLessThanOrEqual(12);
      expect(poi[0]?.name).toBe(`${dooh.name}, Chicago`);
      const marketZips = await h.database.db.select().from(zips).where(eq(zips.prodcode, chicago));
      for (const point of poi) {
        expect(point.kind).toBe('venue');
        expect(point.name.startsWith(`${dooh.name}, `)).toBe(true);
        expect(
          marketZips.some(
            (z) => z.city === point.city && z.latitude === point.lat && z.longitude === point.lng,
          ),
        ).toBe(true);
      }
      expect(new Set(poi.map((p) => p.name)).size).toBe(poi.length);
      expect((await call('GET', path)).body.data).toEqual(answer.body.data);
    });

    it('lists the market’s main places for other placements, starting downtown', async () => {
      const tv = await placement(h, 'tv', { prodcode: chicago });
      const answer = await call('GET', `/market/poi?prodcode=${chicago}&mediacode=${tv.mediacode}`);
      const { poi } = envelope(poiAnswer).parse(answer.body).data;
      expect(poi.length).toBeGreaterThanOrEqual(6);
      expect(poi.length).toBeLessThanOrEqual(12);
      expect(poi[0]).toMatchObject({ name: 'Downtown Chicago', kind: 'place', city: 'Chicago' });
      expect(poi[0]?.lat).toBeCloseTo(41.85, 0);
      expect(poi[0]?.lng).toBeCloseTo(-87.68, 0);
      for (const point of poi) {
        expect(Math.abs(point.lat - 41.85)).toBeLessThan(2);
        expect(Math.abs(point.lng + 87.68)).toBeLessThan(2);
      }
      const withoutPlacement = await call('GET', `/market/poi?prodcode=${chicago}`);
      expect(envelope(poiAnswer).parse(withoutPlacement.body).data.poi[0]?.name).toBe('Downtown Chicago');
    });
  });

  it.each(['demographics', 'details', 'poi'])('answers /market/%s errors with 400 and 404', async (what) => {
    const unknown = await call('GET', `/market/${what}?prodcode=MKT999`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      success: false,
      data: null,
      message: expect.stringContaining('MKT999'),
    });

    const unknownMedia = await call('GET', `/market/${what}?prodcode=${chicago}&mediacode=TV999-99`);
    expect(unknownMedia.status).toBe(404);
    expect(unknownMedia.body.message).toContain('TV999-99');

    for (const [query, message] of [
      ['', 'A market code (prodcode) is needed.'],
      ['prodcode=MK!', 'The market code is not valid.'],
      [`prodcode=${chicago}&mediacode=no%20code`, 'The media code is not valid.'],
      ['prodcode[]=MKT501&prodcode[]=MKT502', 'A market code (prodcode) is needed.'],
    ]) {
      const answer = await call('GET', `/market/${what}?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toContain(message);
    }
  });

  it('refuses an unknown zips_expanded value', async () => {
    const answer = await call('GET', `/market/details?prodcode=${chicago}&zips_expanded=yes`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('zips_expanded');
  });
});
