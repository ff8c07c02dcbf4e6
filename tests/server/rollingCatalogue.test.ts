import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cart, cart as cartSchema, type PlacedOrders, placedOrders } from '../../contract/cart';
import { envelope } from '../../contract/envelope';
import { type Media, type MediaSearchResult, media, mediaSearchResult } from '../../contract/media';
import { type Quote, quote } from '../../contract/quote';
import { availabilityOf as availabilityFor } from '../../server/pricing/availability';
import { DRIVERS, type Harness, manualClock } from './harness';
import { availabilityOf, BILLING, caller, register } from './shop';

/*
 * Issue 14, point 11: the catalogue's dates come from the clock, not from a year written in the seed.
 * The clock is moved years past the seed (2031) and over a year's end; every expected date below is
 * worked out by hand from the seed's rules, never with the server's helpers:
 * - weeks are the 26 Mondays from next Monday, each due the Friday before; a week is sold out when its
 *   number, counted from Monday 5 Jan 1970 (week 0), is the placement's offset modulo its "every".
 *   1 Jan 1970 to 1 Jan 2031 is 61 years with 15 leap days: 22,280 days. So Monday 30 Dec 2030 is day
 *   22,278, 22,274 days or week 3,182 after 5 Jan 1970; Monday 16 Jun 2031 (day 22,280 + 166) is week
 *   3,206;
 * - issues are those of the twelve months from next month in the magazine's calendar, each due 31
 *   days before the 1st of its month.
 * TV508-01 (Chicago's first TV station, $4,620 a spot) sells out weeks ≡ 0 modulo 8: 3,184 (13 Jan
 * 2031) and 3,208 (30 Jun 2031). PM508-01 (Golf Digest: Chicago edition, $8,025 a page) is a monthly
 * whose January and December issues are sold out.
 */
const TV = 'TV508-01';
const MAGAZINE = 'PM508-01';
const PLACEMENTS = 5_382;

/** Sunday 15 June 2031, and Saturday 28 December 2030: on both, next Monday's creative was due on Friday. */
const JUNE_2031 = '2031-06-15T09:00:00Z';
const DECEMBER_2030 = '2030-12-28T09:00:00Z';

interface Expected {
  /** The clock's day. */
  today: string;
  /** The first Monday whose Friday deadline has not passed, and its week's number. */
  nextWeek: string;
  nextWeekNumber: number;
  /** The first issue month whose deadline has not passed: every magazine's next issue is the first month of its calendar from this one. */
  firstIssueMonth: string;
}

const ON: Record<string, Expected> = {
  // Next Monday, 16 June, was due Friday the 13th; July's issue was due 31 May, August's is due 1 July.
  [JUNE_2031]: {
    today: '2031-06-15',
    nextWeek: '2031-06-23',
    nextWeekNumber: 3_207,
    firstIssueMonth: '2031/08',
  },
  // Next Monday, 30 December, was due Friday the 27th; January's issue was due 1 December, February's
  // is due 1 January 2031.
  [DECEMBER_2030]: {
    today: '2030-12-28',
    nextWeek: '2031-01-06',
    nextWeekNumber: 3_183,
    firstIssueMonth: '2031/02',
  },
};

/**
 * "2031/08" and a calendar of months → the first issue month of the calendar from then on that is not
 * sold out (the shop names the first issue that can be bought).
 */
function firstIssueFrom(
  from: string,
  issueMonths: readonly number[],
  soldOutMonths: readonly number[],
): string {
  let [year = 0, month = 1] = from.split('/').map(Number);
  while (!issueMonths.includes(month) || soldOutMonths.includes(month)) {
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return `${year}/${String(month).padStart(2, '0')}`;
}

/** The first Monday from `expected.nextWeek` whose week is not sold out (week ≡ offset modulo every). */
function firstWeekFrom(expected: Expected, every: number, offset: number): string {
  let weeks = 0;
  while (every > 0 && (((expected.nextWeekNumber + weeks - offset) % every) + every) % every === 0)
    weeks += 1;
  const [year = 0, month = 1, day = 1] = expected.nextWeek.split('-').map(Number);
  const monday = new Date(Date.UTC(year, month - 1, day + 7 * weeks));
  return monday.toISOString().slice(0, 10);
}

describe.each(DRIVERS)('a catalogue that rolls with the clock on %s', (_name, open) => {
  let h: Harness;
  const clock = manualClock(JUNE_2031);
  const call = caller(() => h);
  const setClock = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());

  beforeAll(async () => {
    h = await open({ clock: clock.now });
  });
  afterAll(async () => {
    await h.close();
  });

  const quoteOf = async (mediacode: string, dates: string[], quantity: number) => {
    const query = [...dates.map((d) => `dates[]=${encodeURIComponent(d)}`), `quantity=${quantity}`].join('&');
    const answer = await call<Quote>('GET', `/media/${mediacode}/quote?${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return envelope(quote).parse(answer.body).data;
  };

  it.each([JUNE_2031, DECEMBER_2030])(
    'on %s, finds open dates on every placement, none of them past',
    (at) => {
      setClock(at);
      const { today } = ON[at] as Expected;
      const placements = h.catalogue.placements;
      expect(placements).toHaveLength(PLACEMENTS);
      const thisMonth = today.slice(0, 7).replace('-', '/');
      // What is wrong with each placement's dates, if anything (one assertion: 5,382 placements).
      const problems: string[] = [];
      for (const placement of placements) {
        const { kind, options } = availabilityFor(placement, clock.now());
        const code = placement.mediacode;
        const open = options.filter((o) => o.available);
        const first = options[0]?.value ?? '';
        if (kind === 'none') {
          if (options.length > 0) problems.push(`${code} has dates`);
          continue;
        }
        if (open.length === 0) problems.push(`${code} has no open date`);
        if (open.some((o) => o.deadline < today)) problems.push(`${code} sells a date past its deadline`);
        // 26 weeks from next Monday, or a year of issues (12, 6 or 4) from next month.
        if (kind === 'weeks' && (options.length !== 26 || first <= today)) problems.push(`${code}: weeks`);
        if (kind === 'issues' && (![4, 6, 12].includes(options.length) || first <= thisMonth))
          problems.push(`${code}: issues`);
      }
      expect(problems).toEqual([]);
    },
  );

  it.each([JUNE_2031, DECEMBER_2030])(
    'on %s, the shop lists every placement with its next issue or start date',
    async (at) => {
      setClock(at);
      const expected = ON[at] as Expected;
      const schedules = new Map(h.catalogue.placements.map((p) => [p.mediacode, p.schedule]));
      const seen: Media[] = [];
      for (let page = 1; ; page++) {
        const answer = await call<MediaSearchResult>('POST', `/media/search?per_page=96&page=${page}`);
        expect(answer.status).toBe(200);
        const { items } = envelope(mediaSearchResult).parse(answer.body).data;
        if (items.length === 0) break;
        seen.push(...items);
      }
      expect(seen).toHaveLength(PLACEMENTS);
      let pastSoldOut = 0;
      for (const item of seen) {
        const schedule = schedules.get(item.mediacode);
        const next =
          schedule?.kind === 'issues'
            ? [firstIssueFrom(expected.firstIssueMonth, schedule.issueMonths, schedule.soldOutMonths), null]
            : schedule?.kind === 'weeks'
              ? [null, firstWeekFrom(expected, schedule.soldOutEvery, schedule.soldOutOffset)]
              : [null, null];
        if (next[1] !== null && next[1] !== expected.nextWeek) pastSoldOut += 1;
        expect([item.issue, item.date_start], item.mediacode).toEqual(next);
      }
      // Some placements' first week is sold out, and they start a week or more later.
      expect(pastSoldOut).toBeGreaterThan(0);
    },
  );

  it('on Sunday 15 June 2031, prices and places an order for the summer, due on the right days', async () => {
    setClock(JUNE_2031);
    const weeks = await availabilityOf(call, TV);
    expect(weeks.options.slice(0, 4).map((o) => [o.value, o.deadline, o.unavailable])).toEqual([
      ['2031-06-16', '2031-06-13', 'deadline-passed'],
      ['2031-06-23', '2031-06-20', null],
      ['2031-06-30', '2031-06-27', 'sold-out'], // week 3,208 = 8 × 401
      ['2031-07-07', '2031-07-04', null],
    ]);
    expect(weeks.options.at(-1)?.value).toBe('2031-12-08'); // 16 Jun + 25 weeks
    const issues = await availabilityOf(call, MAGAZINE);
    expect(issues.options.map((o) => [o.value, o.deadline, o.unavailable])).toEqual([
      ['2031/07', '2031-05-31', 'deadline-passed'],
      ['2031/08', '2031-07-01', null],
      ['2031/09', '2031-08-01', null],
      ['2031/10', '2031-08-31', null],
      ['2031/11', '2031-10-01', null],
      ['2031/12', '2031-10-31', 'sold-out'],
      ['2032/01', '2031-12-01', 'sold-out'],
      ['2032/02', '2032-01-01', null],
      ['2032/03', '2032-01-30', null], // 2032 is a leap year: 1 March − 31 days is 30 January
      ['2032/04', '2032-03-01', null],
      ['2032/05', '2032-03-31', null],
      ['2032/06', '2032-05-01', null],
    ]);

    const tvDates = ['2031-06-23', '2031-07-07'];
    // 5 spots × $4,620 × 2 weeks = $46,200, due the Friday before the first week.
    expect(await quoteOf(TV, tvDates, 5)).toMatchObject({
      total: 46_200,
      start: '2031-06-23',
      end: '2031-07-13',
      materials_due: '2031-06-20',
    });
    const magDates = ['2031/08', '2031/09'];
    // 1 page × $8,025 × 2 issues = $16,050, due 31 days before 1 August.
    expect(await quoteOf(MAGAZINE, magDates, 1)).toMatchObject({
      total: 16_050,
      start: '2031-08-01',
      end: '2031-09-30',
      materials_due: '2031-07-01',
    });

    const orders = await order([
      { mediacode: TV, dates: tvDates, quantity: 5 },
      { mediacode: MAGAZINE, dates: magDates, quantity: 1 },
    ]);
    expect(orders.map((o) => [o?.number.slice(0, 6), o?.placed_at, o?.item.price, o?.item.dates])).toEqual([
      ['AD-31-', '2031-06-15T09:00:00.000Z', 46_200, tvDates],
      ['AD-31-', '2031-06-15T09:00:00.000Z', 16_050, magDates],
    ]);
    expect(orders.map((o) => [o?.item.summary.summary_line_1, o?.item.issue, o?.item.date_start])).toEqual([
      ['Chicago, IL · 2 weeks from Jun 23, 2031', null, '2031-06-23'],
      ['Chicago, IL · August, September 2031', '2031/08', null],
    ]);
  });

  it('on Saturday 28 December 2030, sells January’s weeks and February’s issue, due across the new year', async () => {
    setClock(DECEMBER_2030);
    const weeks = await availabilityOf(call, TV);
    expect(weeks.options.slice(0, 4).map((o) => [o.value, o.deadline, o.unavailable])).toEqual([
      ['2030-12-30', '2030-12-27', 'deadline-passed'],
      ['2031-01-06', '2031-01-03', null],
      ['2031-01-13', '2031-01-10', 'sold-out'], // week 3,184 = 8 × 398
      ['2031-01-20', '2031-01-17', null],
    ]);
    const issues = await availabilityOf(call, MAGAZINE);
    expect(issues.options.slice(0, 3).map((o) => [o.value, o.deadline, o.unavailable])).toEqual([
      ['2031/01', '2030-12-01', 'sold-out'],
      ['2031/02', '2031-01-01', null],
      ['2031/03', '2031-01-29', null],
    ]);
    expect(issues.options.at(-1)?.value).toBe('2031/12');

    const tvDates = ['2031-01-06', '2031-01-20'];
    expect(await quoteOf(TV, tvDates, 5)).toMatchObject({
      total: 46_200,
      start: '2031-01-06',
      end: '2031-01-26',
      materials_due: '2031-01-03',
    });
    const magDates = ['2031/02', '2031/03'];
    expect(await quoteOf(MAGAZINE, magDates, 1)).toMatchObject({
      total: 16_050,
      start: '2031-02-01',
      end: '2031-03-31',
      materials_due: '2031-01-01',
    });
    const orders = await order([
      { mediacode: TV, dates: tvDates, quantity: 5 },
      { mediacode: MAGAZINE, dates: magDates, quantity: 1 },
    ]);
    // Placed in 2030, for 2031.
    expect(orders.map((o) => [o?.number.slice(0, 6), o?.item.price, o?.item.summary.summary_line_1])).toEqual(
      [
        ['AD-30-', 46_200, 'Chicago, IL · 2 weeks from Jan 6, 2031'],
        ['AD-30-', 16_050, 'Chicago, IL · February, March 2031'],
      ],
    );
  });

  it('moves a placement’s schedule when the clock moves a month, and keeps its sold-out dates', async () => {
    setClock(JUNE_2031);
    const juneWeeks = await availabilityOf(call, TV);
    const juneIssues = await availabilityOf(call, MAGAZINE);
    const juneNext = await nextOf(TV, MAGAZINE);
    // A month later: Tuesday 15 July 2031. Next Monday, 21 July, is due Friday the 18th.
    clock.advance(30 * 86_400_000);
    const julyWeeks = await availabilityOf(call, TV);
    const julyIssues = await availabilityOf(call, MAGAZINE);
    const julyNext = await nextOf(TV, MAGAZINE);

    expect(juneNext).toEqual({ [TV]: '2031-06-23', [MAGAZINE]: '2031/08' });
    // August's issue was due 1 July: September's is next.
    expect(julyNext).toEqual({ [TV]: '2031-07-21', [MAGAZINE]: '2031/09' });
    expect([juneWeeks.options[0]?.value, juneWeeks.options.at(-1)?.value]).toEqual([
      '2031-06-16',
      '2031-12-08',
    ]);
    expect([julyWeeks.options[0]?.value, julyWeeks.options.at(-1)?.value]).toEqual([
      '2031-07-21',
      '2032-01-12',
    ]);
    expect([juneIssues.options[0]?.value, juneIssues.options.at(-1)?.value]).toEqual(['2031/07', '2032/06']);
    expect([julyIssues.options[0]?.value, julyIssues.options.at(-1)?.value]).toEqual(['2031/08', '2032/07']);
    // A date sold out stays sold out as the clock moves: 25 Aug 2031 (week 3,216) and December's issue.
    const soldOut = (answer: typeof juneWeeks) =>
      answer.options.filter((o) => o.unavailable === 'sold-out').map((o) => o.value);
    expect(soldOut(juneWeeks)).toContain('2031-08-25');
    expect(soldOut(julyWeeks)).toContain('2031-08-25');
    const overlap = (values: string[], other: typeof juneWeeks) =>
      values.filter((v) => other.options.some((o) => o.value === v));
    expect(overlap(soldOut(juneWeeks), julyWeeks)).toEqual(overlap(soldOut(julyWeeks), juneWeeks));
    expect(soldOut(juneIssues)).toEqual(['2031/12', '2032/01']);
    expect(soldOut(julyIssues)).toEqual(['2031/12', '2032/01']);
  });

  /** The next start or issue of placements, as GET /media/{code} says on the clock's day. */
  async function nextOf(...codes: string[]): Promise<Record<string, string | null>> {
    const next: Record<string, string | null> = {};
    for (const code of codes) {
      const answer = await call<Media>('GET', `/media/${code}`);
      const { issue, date_start } = envelope(media).parse(answer.body).data;
      next[code] = issue ?? date_start;
    }
    return next;
  }

  /** Adds the items to a new customer's cart and places it; its orders. */
  async function order(items: Array<{ mediacode: string; dates: string[]; quantity: number }>) {
    const customer = await register(call);
    let cart: Cart | undefined;
    for (const item of items) {
      const added = await call<Cart>('POST', '/checkout/item/create', {
        token: customer.token,
        body: { ...item, ...(cart ? { cartid: cart.uuid } : {}) },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      cart = envelope(cartSchema).parse(added.body).data;
    }
    if (!cart) throw new Error('No cart');
    const placed = await call<PlacedOrders>('POST', `/checkout/${cart.uuid}/place`, {
      token: customer.token,
      body: {
        billing: BILLING,
        idempotency_key: `rolling-${clock.now().getTime()}`.padEnd(20, 'x'),
        item_ids: cart.contents.items.map((i) => i.id),
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // In the order the items were added.
    const orders = envelope(placedOrders).parse(placed.body).data.orders;
    return items.map(({ mediacode }) => orders.find((o) => o.item.mediacode === mediacode));
  }
});
