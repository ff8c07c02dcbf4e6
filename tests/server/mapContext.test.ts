import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapContext, zipGeometry } from '../../contract/directMail';
import { envelope } from '../../contract/envelope';
import { DRIVERS, type Harness } from './harness';
import { caller } from './shop';

describe.each(DRIVERS)('GET /eddm/context on %s', (_name, open) => {
  let h: Harness;
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open();
  });
  afterAll(async () => {
    await h.close();
  });

  it('gives the zip code first, then its neighbours’ labelled outlines and the place they are in', async () => {
    const answer = await call('GET', '/eddm/context?zip=60614');
    expect(answer.status).toBe(200);
    const context = envelope(mapContext).parse(answer.body).data;
    const own = envelope(zipGeometry).parse((await call('GET', '/eddm/zipgeom?zip=60614')).body).data;
    expect(context.zip).toBe('60614');
    expect(context.zips[0]?.zip).toBe('60614');
    // The zip code's outline is the one /eddm/zipgeom draws.
    expect(context.zips[0]?.geometry).toEqual(own.geometry);
    // Lincoln Park's neighbours in the city: Lakeview (60657) and Old Town (60610) among them.
    const zips = context.zips.map((z) => z.zip);
    expect(zips).toEqual(expect.arrayContaining(['60657', '60610']));
    expect(zips.length).toBeGreaterThan(8);
    expect(zips.length).toBeLessThanOrEqual(24);
    expect(new Set(zips).size).toBe(zips.length);
    // One label per place, in the case a map writes it, the zip code's own first.
    expect(context.places[0]).toMatchObject({ name: 'Chicago', state: 'IL' });
    expect(new Set(context.places.map((p) => `${p.name}, ${p.state}`)).size).toBe(context.places.length);
    // Small enough for a phone: a few kilobytes.
    expect(JSON.stringify(answer.body).length).toBeLessThan(40_000);
  });

  it('says so for a zip code it does not know, and refuses one that is not five digits', async () => {
    const unknown = await call('GET', '/eddm/context?zip=00000');
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(unknown.body)).toContain('We could not find the zip code 00000');
    expect((await call('GET', '/eddm/context?zip=6061')).status).toBe(400);
  });
});
