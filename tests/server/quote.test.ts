import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { type Media, media } from '../../contract/media';
import { type Quote, quote } from '../../contract/quote';
import { DAY_MS as DAY } from '../../server/time';
import { DRIVERS, type Harness, manualClock } from './harness';
import { availabilityOf, caller, marketOfZip, placement } from './shop';

const TODAY = '2027-01-11'; // the harness clock: Monday 11 January 2027

/*
 * Every expected date and price below is worked out by hand from the seed's rules (the catalogue is
 * deterministic) and the harness clock, never with the server's helpers:
 * - weeks are the 26 Mondays from next Monday: 18 Jan to 12 Jul 2027; a week's ad is due 3 days
 *   before its Monday (the Friday before);
 * - a week is sold out when its number is the placement's offset modulo its "every"; weeks are
 *   numbered from Monday 5 Jan 1970 (week 0). 1 Jan 1970 to 1 Jan 2027 is 57 years with 14 leap days,
 *   20,819 days, so 18 Jan 2027 is day 20,836, 20,832 days or 2,976 weeks after 5 Jan 1970: the k-th
 *   week on sale (from 0) is week 2,976 + k, and 2,976 = 8 × 372 = 6 × 496 = 7 × 425 + 1;
 * - issues are those of the months from next month (February 2027 to January 2028) in the magazine's
 *   calendar; an issue's ad is due 28 + 3 = 31 days before the 1st of its month (1 Jan 2027 for
 *   February's, too late on the clock's day); its sold-out months are sold out every year.
 */
/** Chicago's first TV station: $4,620 a spot; one week in 8 sold out, offset 0: k = 0, 8, 16, 24 (18 Jan, 15 Mar, 10 May, 5 Jul). */
const TV = 'TV508-01';
/** Chicago's first screen network: $1,600 a slot a week; one in 8, offset 5: k = 5, 13, 21 (22 Feb, 19 Apr, 14 Jun). */
const DOOH = 'DO508-01';
/** Chicago's first streaming TV: $610 per 10,000 impressions; one in 6, offset 3: k = 3, 9, 15, 21 (8 Feb...). */
const CTV = 'CT508-01';
/** Chicago's every-door mailing: $416 per 1,000 postcards; one in 7, offset 3: 2,976 + k ≡ 3, k = 2, 9, 16, 23 (1 Feb, 22 Mar...). */
const EDDM = 'ED508-01';
/** Chicago's first magazine, a monthly: $8,025 a page; its January and December issues sold out. */
const MAGAZINE = 'PM508-01';
/** A Chicago quarterly: $2,500 a page; issues in January, April, July and October; April's sold out. */
const QUARTERLY = 'PM508-04';
/** Design work: $349 a project. */
const DESIGN = 'CU-01';
/** The first national e-mail list: $51,450 a blast; one week in 8, offset 5 (22 Feb sold out). */
const EMAIL = 'EM-01N';

describe.each(DRIVERS)('availability and quotes on %s', (_name, open) => {
  let h: Harness;
  let chicago: string;
  const clock = manualClock();
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    chicago = await marketOfZip(h, '60601');
  });
  afterAll(async () => {
    await h.close();
  });

  const quoteOf = async (mediacode: string, dates: string[], quantity: number | string, extra = '') => {
    const query = [...dates.map((d) => `dates[]=${encodeURIComponent(d)}`), `quantity=${quantity}`].join('&');
    return call<Quote>('GET', `/media/${mediacode}/quote?${query}${extra}`);
  };
  const priced = async (mediacode: string, dates: string[], quantity: number) => {
    const answer = await quoteOf(mediacode, dates, quantity);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return envelope(quote).parse(answer.body).data;
  };

  it('are computed from the seed placements named above', async () => {
    const picked = async (type: string, where: Parameters<typeof placement>[2] = {}) => {
      const row = await placement(h, type, where);
      return [row.mediacode, row.unitPriceCents, row.schedule];
    };
    const weekly = (soldOutEvery: number, soldOutOffset: number) => ({
      kind: 'weeks',
      soldOutEvery,
      soldOutOffset,
    });
    const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    expect(await picked('tv', { prodcode: chicago })).toEqual([TV, 462_000, weekly(8, 0)]);
    expect(await picked('dooh', { prodcode: chicago })).toEqual([DOOH, 160_000, weekly(8, 5)]);
    expect(await picked('ctv', { prodcode: chicago })).toEqual([CTV, 61_000, weekly(6, 3)]);
    expect(await picked('eddm', { prodcode: chicago })).toEqual([EDDM, 41_600, weekly(7, 3)]);
    expect(await picked('printmag', { prodcode: chicago })).toEqual([
      MAGAZINE,
      802_500,
      { kind: 'issues', issueMonths: months, soldOutMonths: [1, 12] },
    ]);
    expect(await picked('printmag', { prodcode: chicago, schedule: { issueMonths: [1, 4, 7, 10] } })).toEqual(
      [QUARTERLY, 250_000, { kind: 'issues', issueMonths: [1, 4, 7, 10], soldOutMonths: [4] }],
    );
    expect(await picked('custom')).toEqual([DESIGN, 34_900, { kind: 'none' }]);
    expect(await picked('email')).toEqual([EMAIL, 5_145_000, weekly(8, 5)]);
  });

  describe('GET /media/{mediacode}/availability', () => {
    it('offers a monthly’s issues of the twelve months from next month, with deadlines and ad counts', async () => {
      const answer = await availabilityOf(call, MAGAZINE);
      expect(answer).toMatchObject({
        mediacode: MAGAZINE,
        kind: 'issues',
        quantity_label: 'full-page ads per issue',
        max_dates: 12,
        quantities: [
          { label: '1', value: 1 },
          { label: '2', value: 2 },
          { label: '3', value: 3 },
        ],
      });
      // Each deadline is 31 days before the 1st of the issue month: February's passed on 1 January;
      // December and January are sold out.
      expect(answer.options.map((o) => [o.value, o.label, o.deadline, o.unavailable])).toEqual([
        ['2027/02', 'February 2027', '2027-01-01', 'deadline-passed'],
        ['2027/03', 'March 2027', '2027-01-29', null],
        ['2027/04', 'April 2027', '2027-03-01', null],
        ['2027/05', 'May 2027', '2027-03-31', null],
        ['2027/06', 'June 2027', '2027-05-01', null],
        ['2027/07', 'July 2027', '2027-05-31', null],
        ['2027/08', 'August 2027', '2027-07-01', null],
        ['2027/09', 'September 2027', '2027-08-01', null],
        ['2027/10', 'October 2027', '2027-08-31', null],
        ['2027/11', 'November 2027', '2027-10-01', null],
        ['2027/12', 'December 2027', '2027-10-31', 'sold-out'],
        ['2028/01', 'January 2028', '2027-12-01', 'sold-out'],
      ]);
    });

    it('offers a quarterly’s four issues of the coming year', async () => {
      const answer = await availabilityOf(call, QUARTERLY);
      expect(answer.options.map((o) => [o.value, o.deadline, o.available, o.unavailable])).toEqual([
        ['2027/04', '2027-03-01', false, 'sold-out'],
        ['2027/07', '2027-05-31', true, null],
        ['2027/10', '2027-08-31', true, null],
        ['2028/01', '2027-12-01', true, null],
      ]);
    });

    it('offers 26 flight weeks on Mondays from next Monday for TV, with spots per week in steps of 5', async () => {
      const answer = await availabilityOf(call, TV);
      expect(answer.kind).toBe('weeks');
      expect(answer.quantity_label).toBe('spots per week');
      expect(answer.quantities.map((q) => q.value)).toEqual([5, 10, 15, 20, 25, 30, 35, 40, 45, 50]);
      expect(answer.max_dates).toBe(26);
      // 26 Mondays from next Monday (never this week), each due the Friday before.
      expect(answer.options.map((o) => [o.value, o.deadline])).toEqual([
        ['2027-01-18', '2027-01-15'],
        ['2027-01-25', '2027-01-22'],
        ['2027-02-01', '2027-01-29'],
        ['2027-02-08', '2027-02-05'],
        ['2027-02-15', '2027-02-12'],
        ['2027-02-22', '2027-02-19'],
        ['2027-03-01', '2027-02-26'],
        ['2027-03-08', '2027-03-05'],
        ['2027-03-15', '2027-03-12'],
        ['2027-03-22', '2027-03-19'],
        ['2027-03-29', '2027-03-26'],
        ['2027-04-05', '2027-04-02'],
        ['2027-04-12', '2027-04-09'],
        ['2027-04-19', '2027-04-16'],
        ['2027-04-26', '2027-04-23'],
        ['2027-05-03', '2027-04-30'],
        ['2027-05-10', '2027-05-07'],
        ['2027-05-17', '2027-05-14'],
        ['2027-05-24', '2027-05-21'],
        ['2027-05-31', '2027-05-28'],
        ['2027-06-07', '2027-06-04'],
        ['2027-06-14', '2027-06-11'],
        ['2027-06-21', '2027-06-18'],
        ['2027-06-28', '2027-06-25'],
        ['2027-07-05', '2027-07-02'],
        ['2027-07-12', '2027-07-09'],
      ]);
      // Sold out: the weeks k = 0, 8, 16 and 24 (numbers 2,976, 2,984... are 0 modulo 8).
      expect(answer.options.filter((o) => !o.available).map((o) => [o.value, o.unavailable])).toEqual([
        ['2027-01-18', 'sold-out'],
        ['2027-03-15', 'sold-out'],
        ['2027-05-10', 'sold-out'],
        ['2027-07-05', 'sold-out'],
      ]);
      expect(answer.options[0]?.label).toBe('Week of Jan 18, 2027');
      expect(answer.options[1]).toMatchObject({ label: 'Week of Jan 25, 2027', available: true });
      expect(answer.options[25]?.label).toBe('Week of Jul 12, 2027');
    });

    it.each([
      ['ctv', {}, 'impressions', 10_000, 200_000, 10_000, 26, '10,000'],
      ['dooh', {}, 'screens share (slots)', 1, 4, 1, 26, '1'],
      ['digital', { partner: 'google' }, 'campaign units', 1, 5, 1, 26, '1'],
      ['digital', { partner: 'groundtruth' }, 'campaign units', 1, 5, 1, 26, '1'],
      ['email', {}, 'blasts', 1, 1, 1, 12, '1'],
      ['eddm', {}, 'postcards', 1_000, 50_000, 1_000, 6, '1,000'],
      ['abdm', {}, 'postcards', 1_000, 50_000, 1_000, 6, '1,000'],
    ] as const)(
      'sells %s %o in %s from %d to %d (step %d), at most %d dates',
      async (type, where, label, min, max, step, maxDates, firstLabel) => {
        const item = await placement(h, type, where);
        const answer = await availabilityOf(call, item.mediacode);
        expect(answer.kind).toBe('weeks');
        expect(answer.quantity_label).toBe(label);
        expect(answer.max_dates).toBe(maxDates);
        expect(answer.quantities[0]).toEqual({ label: firstLabel, value: min });
        expect(answer.quantities.at(-1)?.value).toBe(max);
        expect(answer.quantities).toHaveLength((max - min) / step + 1);
        for (const q of answer.quantities) {
          expect(q.label).toBe(q.value.toLocaleString('en-US'));
          expect(q.value % step).toBe(0);
        }
        // The same 26 weeks as every weekly placement: from next Monday.
        expect(answer.options).toHaveLength(26);
        expect(answer.options[0]?.value).toBe('2027-01-18');
      },
    );

    it('has no dates for design work', async () => {
      const custom = await placement(h, 'custom');
      expect(await availabilityOf(call, custom.mediacode)).toEqual({
        mediacode: custom.mediacode,
        kind: 'none',
        options: [],
        quantity_label: 'projects',
        quantities: [1, 2, 3, 4, 5].map((value) => ({ label: String(value), value })),
        max_dates: 1,
      });
    });

    it('closes next week once its creative deadline has passed: on Saturday, Monday’s flight is too late', async () => {
      // Saturday 16 January 2027: next Monday is the 18th, whose ad was due Friday the 15th.
      clock.advance(5 * DAY);
      try {
        const answer = await availabilityOf(call, DOOH);
        expect(answer.options[0]).toMatchObject({
          value: '2027-01-18',
          deadline: '2027-01-15',
          available: false,
          unavailable: 'deadline-passed',
        });
        expect(answer.options[1]).toMatchObject({ value: '2027-01-25', available: true });
        expect(answer.options).toHaveLength(26);
      } finally {
        clock.advance(-5 * DAY);
      }
    });

    it('marks about 15% of dates sold out, the same ones every time', async () => {
      let open = 0;
      let soldOut = 0;
      for (const type of ['tv', 'ctv', 'dooh', 'eddm']) {
        for (const zip of ['60601', '10001', '90001', '77001', '98101']) {
          const item = await placement(h, type, { prodcode: await marketOfZip(h, zip) });
          const answer = await availabilityOf(call, item.mediacode);
          expect(await availabilityOf(call, item.mediacode)).toEqual(answer);
          for (const option of answer.options.filter((o) => o.deadline >= TODAY)) {
            if (option.available) open += 1;
            else soldOut += 1;
          }
        }
      }
      const share = soldOut / (open + soldOut);
      expect(share).toBeGreaterThan(0.07);
      expect(share).toBeLessThan(0.25);
    });

    it('answers 404 for an unknown placement and 400 for a malformed code or market', async () => {
      const missing = await call('GET', '/media/TV999-99/availability');
      expect(missing.status).toBe(404);
      expect(missing.body.message).toContain('TV999-99');
      expect((await call('GET', '/media/bad%20code!/availability')).status).toBe(400);
      const badMarket = await call('GET', `/media/${TV}/availability?prodcode=x!`);
      expect(badMarket.status).toBe(400);
      expect(badMarket.body.message).toContain('market code');
      expect((await call('GET', `/media/${TV.toLowerCase()}/availability?prodcode=${chicago}`)).status).toBe(
        200,
      );
    });
  });

  describe('GET /media/{mediacode}', () => {
    it('says when a placement runs next: the first issue or week that can be bought', async () => {
      const next = async (mediacode: string) => {
        const answer = await call<Media>('GET', `/media/${mediacode}`);
        expect(answer.status).toBe(200);
        const { issue, date_start } = envelope(media).parse(answer.body).data;
        return [issue, date_start];
      };
      // February's deadline passed on 1 January: the next issue is March's.
      expect(await next(MAGAZINE)).toEqual(['2027/03', null]);
      // The quarterly's April issue is sold out: July's is the first it sells.
      expect(await next(QUARTERLY)).toEqual(['2027/07', null]);
      // Next Monday (its creative is due Friday the 15th), unless it is sold out: the TV station's is.
      expect(await next(TV)).toEqual([null, '2027-01-25']);
      expect(await next(EDDM)).toEqual([null, '2027-01-18']);
      expect(await next(DESIGN)).toEqual([null, null]);
      // On Saturday the 16th, Monday's deadline has passed: the week after.
      clock.advance(5 * DAY);
      try {
        expect(await next(EDDM)).toEqual([null, '2027-01-25']);
        expect(await next(TV)).toEqual([null, '2027-01-25']);
        expect(await next(MAGAZINE)).toEqual(['2027/03', null]);
      } finally {
        clock.advance(-5 * DAY);
      }
    });
  });

  describe('GET /media/{mediacode}/quote', () => {
    it('prices TV as spots × unit price × weeks, and explains it', async () => {
      // The first three weeks on sale (18 Jan is sold out).
      const dates = ['2027-01-25', '2027-02-01', '2027-02-08'];
      const result = await priced(TV, dates, 10);
      // 10 spots × $4,620 × 3 weeks = $138,600.
      expect(result).toEqual({
        mediacode: TV,
        dates,
        quantity: 10,
        unit_price: 4620,
        unit_label: 'per 30-second spot',
        lines: [{ label: '10 spots per week × 3 weeks at $4,620 per 30-second spot', amount: 138_600 }],
        subtotal: 138_600,
        discount: 0,
        total: 138_600,
        total_formatted: '$138,600',
        start: '2027-01-25',
        end: '2027-02-14', // the Sunday ending the last week
        materials_due: '2027-01-22', // the Friday before the first week
      });
    });

    it('takes 5% off from 4 dates and 10% from 8, in whole dollars', async () => {
      // 2 slots × $1,600 × 4 weeks = $12,800; 5% is $640.
      const four = await priced(DOOH, ['2027-01-18', '2027-01-25', '2027-02-01', '2027-02-08'], 2);
      expect(four).toMatchObject({
        subtotal: 12_800,
        discount: 640,
        total: 12_160,
        total_formatted: '$12,160',
      });
      expect(four.lines).toEqual([
        { label: '2 slots in the screens’ rotation × 4 weeks at $1,600 per week', amount: 12_800 },
        { label: 'Volume discount (5%)', amount: -640 },
      ]);

      // 1 slot × $1,600 × 8 weeks (22 Feb is sold out) = $12,800; 10% is $1,280.
      const eightWeeks = ['2027-01-18', '2027-01-25', '2027-02-01', '2027-02-08'];
      eightWeeks.push('2027-02-15', '2027-03-01', '2027-03-08', '2027-03-15');
      const eight = await priced(DOOH, eightWeeks, 1);
      expect(eight).toMatchObject({
        subtotal: 12_800,
        discount: 1280,
        total: 11_520,
        total_formatted: '$11,520',
      });
      expect(eight.lines.at(-1)).toEqual({ label: 'Volume discount (10%)', amount: -1280 });

      const three = await priced(DOOH, ['2027-01-18', '2027-01-25', '2027-02-01'], 1);
      expect(three).toMatchObject({ subtotal: 4800, discount: 0, total: 4800 });
      expect(three.lines).toHaveLength(1);

      // 1,000 postcards × $416 per 1,000 × 4 drops (1 Feb is sold out) = $1,664; 5% is $83.20, taken off as $83.
      const drops = await priced(EDDM, ['2027-01-18', '2027-01-25', '2027-02-08', '2027-02-15'], 1000);
      expect(drops).toMatchObject({ subtotal: 1664, discount: 83, total: 1581, total_formatted: '$1,581' });
    });

    it('prices streaming per 10,000 impressions and mail per 1,000 postcards', async () => {
      // 50,000 impressions = 5 units of $610, for 2 weeks: $6,100.
      const ctvQuote = await priced(CTV, ['2027-01-18', '2027-01-25'], 50_000);
      expect(ctvQuote.total).toBe(6100);
      expect(ctvQuote.lines).toEqual([
        { label: '50,000 impressions per week × 2 weeks at $610 per 10,000 impressions', amount: 6100 },
      ]);

      // 5,000 postcards = 5 units of $416, for 2 drops: $4,160.
      const mail = await priced(EDDM, ['2027-01-18', '2027-01-25'], 5_000);
      expect(mail).toMatchObject({
        total: 4160,
        start: '2027-01-18',
        // In homes within two 4-day periods of the first drop: 18 Jan + 8 days − 1 day.
        end: '2027-01-25',
        materials_due: '2027-01-15',
      });
    });

    it('runs magazine ads from the first day of the first issue month to the last day of the last', async () => {
      // 2 pages × $8,025 × 2 issues = $32,100.
      const result = await priced(MAGAZINE, ['2027/03', '2027/05'], 2);
      expect(result).toMatchObject({
        total: 32_100,
        start: '2027-03-01',
        end: '2027-05-31',
        materials_due: '2027-01-29',
      });
      expect(result.lines[0]?.label).toBe('2 full-page ads per issue × 2 issues at $8,025 per full-page ad');
    });

    it('prices design work by projects, with no dates', async () => {
      const result = await priced(DESIGN, [], 2);
      expect(result).toMatchObject({
        dates: [],
        total: 698,
        start: null,
        end: null,
        materials_due: null,
      });
    });

    it('accepts comma-separated dates, sorts them, ignores repeats and any price sent', async () => {
      const dates = ['2027-01-25', '2027-02-08'];
      const plain = await priced(TV, dates, 5);
      expect(plain.total).toBe(46_200); // 5 spots × $4,620 × 2 weeks
      const commas = await call<Quote>(
        'GET',
        `/media/${TV}/quote?dates=2027-02-08,2027-01-25,2027-01-25&quantity=5&price=1&total=1&unit_price=0.01`,
      );
      expect(commas.status).toBe(200);
      expect(commas.body.data).toEqual(plain);
    });

    it('refuses dates that are not for sale with a 422 naming the date, and examples on sale today', async () => {
      const cases: Array<[string, string[], string]> = [
        [TV, ['2027-01-19'], '2027-01-19 is not a Monday'],
        [
          TV,
          ['2027-07-19'],
          '2027-07-19 is not a week this placement is sold for. Choose one from 2027-01-18 to 2027-07-12.',
        ],
        // This week's Monday (today): never on sale, its creative was due last Friday.
        [TV, [TODAY], '2027-01-11 is no longer available. Choose a week from 2027-01-18 on.'],
        [TV, ['2027/03'], '2027/03 is not a week. Choose a week by its Monday, like 2027-01-18.'],
        [TV, [], 'Choose at least one week'],
        [TV, ['2027-03-15'], 'The week of Mar 15, 2027 is sold out. Choose another week.'],
        [
          MAGAZINE,
          ['2027/02'],
          'The deadline for the February 2027 issue has passed (the ad was due Jan 1, 2027). Choose a later issue.',
        ],
        [MAGAZINE, ['2027/12'], 'The December 2027 issue is sold out. Choose another issue.'],
        [MAGAZINE, ['2027/01'], '2027/01 is no longer available. Choose an issue from 2027/02 on.'],
        [
          MAGAZINE,
          ['2028/02'],
          '2028/02 is not an issue this placement is sold for. Choose one from 2027/02 to 2028/01.',
        ],
        [
          MAGAZINE,
          ['2027-03-01'],
          '2027-03-01 is not an issue of this magazine. Issues are written year/month, like 2027/02.',
        ],
        [
          QUARTERLY,
          ['2027/05'],
          '2027/05 is not an issue of this magazine: it comes out in January, April, July and October. Choose one from 2027/04 to 2028/01.',
        ],
        [DESIGN, ['2027-01-18'], 'no dates to choose'],
      ];
      for (const [mediacode, dates, message] of cases) {
        const answer = await quoteOf(mediacode, dates, mediacode === TV ? 5 : 1);
        expect(answer.status, message).toBe(422);
        expect(answer.body.success).toBe(false);
        expect(answer.body.message.toLowerCase(), message).toContain(message.toLowerCase());
        expect(answer.body.data).toEqual({ errors: { dates: answer.body.message } });
      }
    });

    it('refuses more dates than one item may have', async () => {
      const seven = ['2027-01-18', '2027-01-25', '2027-02-08', '2027-02-15', '2027-02-22', '2027-03-01'];
      seven.push('2027-03-08');
      const answer = await quoteOf(EDDM, seven, 1_000);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(
        'Choose at most 6 drop weeks for one item (you chose 7). Add another item for more.',
      );
    });

    it('refuses a quantity the placement does not sell, naming the allowed range', async () => {
      for (const quantity of [7, 55, 1]) {
        const answer = await quoteOf(TV, ['2027-01-25'], quantity);
        expect(answer.status).toBe(422);
        expect(answer.body.message).toBe('Choose a quantity from 5 to 50 spots per week, in steps of 5.');
        expect(answer.body.data).toEqual({ errors: { quantity: answer.body.message } });
      }
      const ctvAnswer = await quoteOf(CTV, ['2027-01-18'], 15_000);
      expect(ctvAnswer.body.message).toBe(
        'Choose a quantity from 10,000 to 200,000 impressions, in steps of 10,000.',
      );
      const emailAnswer = await quoteOf(EMAIL, ['2027-01-18'], 2);
      expect(emailAnswer.status).toBe(422);
      expect(emailAnswer.body.message).toBe('The quantity is 1: this placement sells one per week.');
      const magAnswer = await quoteOf(MAGAZINE, ['2027/03'], 4);
      expect(magAnswer.body.message).toBe('Choose a quantity from 1 to 3 full-page ads per issue.');
    });

    it('answers malformed input with 400 and unknown placements with 404, never 500', async () => {
      for (const query of [
        'quantity=abc&dates[]=2027-02-01',
        'quantity=2.5&dates[]=2027-02-01',
        'quantity=-5&dates[]=2027-02-01',
        'dates[]=2027-02-01',
        'quantity=5&dates[]=next-monday',
        'quantity=5&dates[]=2027/13',
        `quantity=5&${Array.from({ length: 53 }, () => 'dates[]=2027-02-01').join('&')}`,
        'quantity=5&dates[]=%E0%A4',
        '__proto__=1&constructor[]=2',
      ]) {
        const answer = await call('GET', `/media/${TV}/quote?${query}`);
        expect(answer.status, query).toBe(400);
        expect(answer.body.success).toBe(false);
        expect(answer.body.message.length).toBeGreaterThan(10);
      }
      const missing = await quoteOf('TV999-99', ['2027-02-01'], 5);
      expect(missing.status).toBe(404);
      expect((await quoteOf('bad!', ['2027-02-01'], 5)).status).toBe(400);
    });
  });
});
