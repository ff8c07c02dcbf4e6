import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaSearchQuery } from '../../contract/media';
import type { MediaType } from '../../contract/mediaTypes';
import { CatalogueIndex } from '../../server/catalogue/index';
import { mediaOn, type Placement } from '../../server/catalogue/placement';
import type { CatalogueRows } from '../../server/data/catalogue';
import { availabilityOf } from '../../server/pricing/availability';
import { quotePlacement } from '../../server/pricing/quote';
import { type Schedule, scheduledDates } from '../../server/pricing/schedule';
import { inTimeZone } from './timeZone';

/*
 * Placements' dates follow the clock, but only its local calendar day: the catalogue works each
 * schedule out once a day (server/pricing/calendar.ts), not on every search. The single function that
 * computes a schedule's dates is spied on, so the tests count what is worked out.
 */
vi.mock('../../server/pricing/schedule', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/pricing/schedule')>();
  return { ...actual, scheduledDates: vi.fn(actual.scheduledDates) };
});
const computed = vi.mocked(scheduledDates);

const MONTHLY: Schedule = {
  kind: 'issues',
  issueMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  soldOutMonths: [],
};
const QUARTERLY: Schedule = { kind: 'issues', issueMonths: [2, 5, 8, 11], soldOutMonths: [] };
const EVERY_FIFTH: Schedule = { kind: 'weeks', soldOutEvery: 5, soldOutOffset: 2 };
const EVERY_SEVENTH: Schedule = { kind: 'weeks', soldOutEvery: 7, soldOutOffset: 3 };
const NO_DATES: Schedule = { kind: 'none' };

function placement(
  mediacode: string,
  media_type: MediaType,
  schedule: Schedule,
  prodcode: string | null,
): Placement {
  return {
    mediacode,
    name: `${media_type} ${mediacode}`,
    media_type,
    partner: null,
    prodcode,
    market: prodcode ?? 'National',
    state: prodcode ? 'IL' : null,
    lifestyle: 'all',
    unit_price: 100,
    unit_label: 'per unit',
    reach: 1_000,
    reach_label: '1,000',
    image: '/images/placement.png',
    description: '',
    schedule,
  };
}

/**
 * 47 placements in two markets and nationally, sharing six sets of rules: two publishing calendars,
 * two sold-out patterns, design work, and magazines whose rules are of another kind (read as the
 * plain monthly calendar).
 */
function catalogue(magazineRules: Schedule = MONTHLY): Placement[] {
  const list: Placement[] = [];
  for (const market of ['CHI', 'NYC']) {
    for (let i = 0; i < 6; i++) list.push(placement(`PM-${market}-${i}`, 'printmag', magazineRules, market));
    for (let i = 0; i < 3; i++) list.push(placement(`QM-${market}-${i}`, 'printmag', QUARTERLY, market));
    for (let i = 0; i < 5; i++) list.push(placement(`TV-${market}-${i}`, 'tv', EVERY_FIFTH, market));
    for (let i = 0; i < 4; i++) list.push(placement(`DO-${market}-${i}`, 'dooh', EVERY_SEVENTH, market));
    for (let i = 0; i < 2; i++) list.push(placement(`PX-${market}-${i}`, 'printmag', EVERY_FIFTH, market));
  }
  for (let i = 0; i < 4; i++) list.push(placement(`EM-US-${i}`, 'email', EVERY_SEVENTH, null));
  for (let i = 0; i < 3; i++) list.push(placement(`DS-US-${i}`, 'custom', NO_DATES, null));
  return list;
}
const DISTINCT_RULES = 6;

const rowsOf = (placements: Placement[]): CatalogueRows => ({
  media: placements.map((media) => ({ media, searchText: media.name.toLowerCase() })),
  zips: [
    { zip: '60601', prodcode: 'CHI', city: 'Chicago', state: 'IL', latitude: 41.88, longitude: -87.62 },
    { zip: '10001', prodcode: 'NYC', city: 'New York', state: 'NY', latitude: 40.75, longitude: -73.99 },
  ],
  markets: [
    {
      prodcode: 'CHI',
      name: 'Chicago',
      state: 'IL',
      latitude: 41.88,
      longitude: -87.62,
      households: 3_000_000,
    },
    {
      prodcode: 'NYC',
      name: 'New York',
      state: 'NY',
      latitude: 40.75,
      longitude: -73.99,
      households: 7_000_000,
    },
  ],
});

const search = (overrides: Partial<MediaSearchQuery>): MediaSearchQuery => ({
  media_types: [],
  lifestyle: 'all',
  zip: [],
  search: '',
  page: 1,
  per_page: 10,
  ...overrides,
});

/** Shop pages of every kind: each market and none, each type and all, every page. */
const SEARCHES: [MediaSearchQuery, string[] | null][] = [
  ...[1, 2, 3, 4, 5].map((page): [MediaSearchQuery, null] => [search({ page }), null]),
  ...(['printmag', 'tv', 'dooh', 'email', 'custom'] as const).map((type): [MediaSearchQuery, string[]] => [
    search({ media_types: [type] }),
    ['CHI'],
  ]),
  [search({ per_page: 96 }), ['NYC']],
  [search({ search: 'tv' }), ['CHI', 'NYC']],
];

/** A local time (the clock is read as a local calendar day). */
const local = (value: string) => new Date(value);

/** 100 searches spread over the local day of `day` (YYYY-MM-DD), from midnight to 23:59:59.999. */
function searchAllDay(index: CatalogueIndex, day: string) {
  const start = local(`${day}T00:00:00`).getTime();
  const end = local(`${day}T23:59:59.999`).getTime();
  for (let i = 0; i < 100; i++) {
    const [query, markets] = SEARCHES[i % SEARCHES.length] ?? [search({}), null];
    index.search(query, markets, new Date(start + Math.round(((end - start) * i) / 99)));
  }
}

/** The rules each computation was asked for, as text. */
const rulesAskedFor = () =>
  computed.mock.calls.map(([kind, schedule]) => `${kind} ${JSON.stringify(schedule)}`);

beforeEach(() => {
  computed.mockClear();
});

describe('the catalogue’s dates, worked out once a day', () => {
  it('100 searches on one day work out each set of rules once, however many placements share them', async () => {
    const index = await CatalogueIndex.from(async () => rowsOf(catalogue()));
    searchAllDay(index, '2027-01-11');
    expect(computed).toHaveBeenCalledTimes(DISTINCT_RULES);
    expect(new Set(rulesAskedFor()).size).toBe(DISTINCT_RULES);
    // Every placement was shown, and each one's dates were worked out at most once.
    const shown = new Set(
      SEARCHES.flatMap(([query, markets]) =>
        index.search(query, markets, local('2027-01-11T12:00:00')).items.map((m) => m.mediacode),
      ),
    );
    expect(shown.size).toBe(47);
    expect(computed).toHaveBeenCalledTimes(DISTINCT_RULES);
  });

  it('work them out again on the next day, once, and drop the day before', async () => {
    const index = await CatalogueIndex.from(async () => rowsOf(catalogue()));
    searchAllDay(index, '2027-01-11');
    searchAllDay(index, '2027-01-12');
    expect(computed).toHaveBeenCalledTimes(2 * DISTINCT_RULES);
    searchAllDay(index, '2027-01-11');
    expect(computed).toHaveBeenCalledTimes(3 * DISTINCT_RULES);
  });

  it('work them out again after a reload, from the rules as they are now', async () => {
    let rules = MONTHLY;
    const index = await CatalogueIndex.from(async () => rowsOf(catalogue(rules)));
    const noon = local('2027-01-11T12:00:00');
    const issueOf = () => index.search(search({ media_types: ['printmag'] }), ['CHI'], noon).items[0]?.issue;
    // On 11 January February's issue is past its deadline (1 January): a monthly's next is March's.
    expect(issueOf()).toBe('2027/03');
    searchAllDay(index, '2027-01-11');
    expect(computed).toHaveBeenCalledTimes(DISTINCT_RULES);

    rules = QUARTERLY;
    await index.reload();
    expect(issueOf()).toBe('2027/05');
    searchAllDay(index, '2027-01-11');
    // The monthly rules are gone (the magazines are quarterlies now): five sets of rules, worked out again.
    expect(computed).toHaveBeenCalledTimes(DISTINCT_RULES + DISTINCT_RULES - 1);
  });

  it('answer a placement, its availability and its quotes from the catalogue’s day', async () => {
    const index = await CatalogueIndex.from(async () => rowsOf(catalogue()));
    const tv = placement('TV-CHI-0', 'tv', EVERY_FIFTH, 'CHI');
    const magazine = placement('PM-CHI-0', 'printmag', MONTHLY, 'CHI');
    const morning = local('2027-01-11T08:00:00').getTime();
    for (let i = 0; i < 100; i++) {
      const now = new Date(morning + i * 60_000);
      expect(mediaOn(tv, now, index.calendar).date_start).toBe('2027-01-18');
      expect(availabilityOf(magazine, now, index.calendar).options[0]?.unavailable).toBe('deadline-passed');
      const { quote } = quotePlacement(tv, { dates: ['2027-01-18'], quantity: 5 }, now, index.calendar);
      expect(quote.materials_due).toBe('2027-01-15');
    }
    expect(computed).toHaveBeenCalledTimes(2);
    // The searches of that day find both sets of rules worked out already.
    searchAllDay(index, '2027-01-11');
    expect(computed).toHaveBeenCalledTimes(DISTINCT_RULES);
  });
});

describe('a cached answer at the instant a deadline passes (America/Chicago)', () => {
  inTimeZone('America/Chicago');

  /** What the shop shows for a placement at each of `times`, in order, from one index. */
  async function shownAt(code: string, times: string[]) {
    const index = await CatalogueIndex.from(async () => rowsOf(catalogue()));
    return times.map((time) => {
      const { items } = index.search(search({ per_page: 96 }), ['CHI'], local(time));
      const item = items.find((m) => m.mediacode === code);
      return item?.issue ?? item?.date_start;
    });
  }

  it('moves a week’s start on as its Friday deadline ends at 23:59:59.999, not a moment before or after', async () => {
    // Monday 15 March 2027's creative is due Friday the 12th (the weekend the clocks go forward).
    expect(
      await shownAt('TV-CHI-0', [
        '2027-03-12T00:00:00',
        '2027-03-12T09:00:00',
        '2027-03-12T23:59:59.999',
        '2027-03-13T00:00:00',
        '2027-03-13T18:00:00',
      ]),
    ).toEqual(['2027-03-15', '2027-03-15', '2027-03-15', '2027-03-22', '2027-03-22']);
  });

  it('moves a magazine’s next issue on as its artwork deadline ends', async () => {
    // March 2027's issue is due 29 January (31 days before the 1st); April's next.
    expect(
      await shownAt('PM-CHI-0', ['2027-01-29T09:00:00', '2027-01-29T23:59:59.999', '2027-01-30T00:00:00']),
    ).toEqual(['2027/03', '2027/03', '2027/04']);
  });

  it('marks the week past its deadline in the availability from that instant', async () => {
    const index = await CatalogueIndex.from(async () => rowsOf(catalogue()));
    const tv = placement('TV-CHI-0', 'tv', EVERY_FIFTH, 'CHI');
    const first = (time: string) => availabilityOf(tv, local(time), index.calendar).options[0];
    expect(first('2027-03-12T09:00:00')).toMatchObject({ value: '2027-03-15', unavailable: null });
    expect(first('2027-03-12T23:59:59.999')).toMatchObject({ value: '2027-03-15', unavailable: null });
    expect(first('2027-03-13T00:00:00')).toMatchObject({
      value: '2027-03-15',
      unavailable: 'deadline-passed',
    });
  });
});
