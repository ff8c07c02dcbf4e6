import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { CatalogueIndex } from '../../server/catalogue/index';
import { readServerConfig } from '../../server/config';
import { type Database, openPglite } from '../../server/db/client';
import { scheduledDates } from '../../server/pricing/schedule';
import { loadPgliteTemplate, pgliteTemplate } from '../support/pgliteTemplate';

/*
 * The placement routes read their dates from the catalogue's calendar (worked out once a day), not
 * from the clock on every request. The app runs on a copy of the seeded catalogue; the function that
 * computes a schedule's dates is spied on.
 */
vi.mock('../../server/pricing/schedule', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/pricing/schedule')>();
  return { ...actual, scheduledDates: vi.fn(actual.scheduledDates) };
});
const computed = vi.mocked(scheduledDates);

let database: Database;
let catalogue: CatalogueIndex;
let now = new Date('2027-01-11T08:00:00');
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await openPglite({ instance: await loadPgliteTemplate(await pgliteTemplate()) });
  catalogue = await CatalogueIndex.load(database.db);
  app = createApp({ db: database.db, config: readServerConfig({}), catalogue, clock: () => now });
}, 120_000);

afterAll(async () => {
  await database.close();
});

beforeEach(() => {
  computed.mockClear();
});

const codeOf = (type: string) => {
  const found = catalogue.placements.find((p) => p.media_type === type);
  if (!found) throw new Error(`The seed has no ${type} placement.`);
  return found.mediacode;
};

/** 100 requests of `path`, a minute apart from 8:00 on 11 January 2027; each must answer 200. */
async function hundredTimes(path: string) {
  const start = new Date('2027-01-11T08:00:00').getTime();
  for (let i = 0; i < 100; i++) {
    now = new Date(start + i * 60_000);
    const answer = await app.request(`/api/v1/media/${path}`);
    expect(answer.status, path).toBe(200);
  }
}

describe('a placement’s dates on its routes', () => {
  it('are worked out once a day for GET /media/{code}, its availability and its quotes', async () => {
    const tv = codeOf('tv');
    const magazine = codeOf('printmag');
    await hundredTimes(tv);
    await hundredTimes(`${magazine}/availability`);
    await hundredTimes(`${tv}/quote?dates[]=2027-01-18&quantity=5`);
    // One TV's rules and one magazine's: the third route finds the TV's worked out already.
    expect(computed).toHaveBeenCalledTimes(2);

    now = new Date('2027-01-12T08:00:00');
    expect((await app.request(`/api/v1/media/${tv}`)).status).toBe(200);
    expect(computed).toHaveBeenCalledTimes(3);
  });
});
