import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { type Quote, quote } from '../../contract/quote';
import { DRIVERS, type Harness, manualClock } from './harness';
import { availabilityOf, caller, marketOfZip, placement } from './shop';

const TODAY = '2027-01-11'; // the harness clock: Monday 11 January 2027

/*
 * Every expected date and price below is worked out by hand from the seed (the catalogue is
 * deterministic) and the harness clock, never with the server's helpers:
 * - a week's ad is due 3 days before its Monday (the Friday before);
 * - an issue's ad is due 28 + 3 = 31 days before the 1st of its month;
 * - sold-out dates are the seed's hash of code and date, listed here as they come out.
 */
/** Chicago's first TV station: $4,620 a spot; Mondays from 6 Sep 2027 to 28 Feb 2028; 13 Sep sold out. */
const TV = 'TV508-01';
/** Chicago's first screen network: $1,600 a slot a week; from 14 Jun 2027; 2 Aug sold out. */
const DOOH = 'DO508-01';
/** Chicago's first streaming TV: $610 per 10,000 impressions; from 5 Apr 2027. */
const CTV = 'CT508-01';
/** Chicago's first every-door mailing: $416 per 1,000 postcards; from 12 Apr 2027; 26 Apr and 10 May sold out. */
const EDDM = 'ED508-01';
/** The first magazine with a March 2027 issue: $5,375 a page; issues from 2027/03; 2027/04 sold out. */
const MAGAZINE = 'PM503-04';
/** The first TV station starting Mon 4 Jan 2027: the week of 11 Jan is already past its deadline. */
const STARTED_TV = 'TV503-02';
/** Design work: $349 a project. */
const DESIGN = 'CU-01';
/** The first national e-mail list: $51,450 a blast; from 21 Jun 2027 (14 Jun sold out). */
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
      return [row.mediacode, row.unitPriceCents, row.dateStart ?? row.issue];
    };
    expect(await picked('tv', { prodcode: chicago })).toEqual([TV, 462_000, '2027-09-06']);
    expect(await picked('dooh', { prodcode: chicago })).toEqual([DOOH, 160_000, '2027-06-14']);
    expect(await picked('ctv', { prodcode: chicago })).toEqual([CTV, 61_000, '2027-04-05']);
    expect(await picked('eddm', { prodcode: chicago })).toEqual([EDDM, 41_600, '2027-04-12']);
    expect(await picked('printmag', { issue: '2027/03' })).toEqual([MAGAZINE, 537_500, '2027/03']);
    expect(await picked('tv', { dateStart: '2027-01-04' })).toEqual([STARTED_TV, 363_000, '2027-01-04']);
    expect(await picked('custom')).toEqual([DESIGN, 34_900, null]);
    expect(await picked('email')).toEqual([EMAIL, 5_145_000, '2027-06-14']);
  });

  describe('GET /media/{mediacode}/availability', () => {
    it('offers a magazine’s twelve issues from its issue month, with deadlines and ad counts', async () => {
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
      // Each deadline is 31 days before the 1st of the issue month.
      expect(answer.options.map((o) => [o.value, o.label, o.deadline])).toEqual([
        ['2027/03', 'March 2027', '2027-01-29'],
        ['2027/04', 'April 2027', '2027-03-01'],
        ['2027/05', 'May 2027', '2027-03-31'],
        ['2027/06', 'June 2027', '2027-05-01'],
        ['2027/07', 'July 2027', '2027-05-31'],
        ['2027/08', 'August 2027', '2027-07-01'],
        ['2027/09', 'September 2027', '2027-08-01'],
        ['2027/10', 'October 2027', '2027-08-31'],
        ['2027/11', 'November 2027', '2027-10-01'],
        ['2027/12', 'December 2027', '2027-10-31'],
        ['2028/01', 'January 2028', '2027-12-01'],
        ['2028/02', 'February 2028', '2028-01-01'],
      ]);
    });

    it('offers 26 flight weeks on Mondays for TV, with spots per week in steps of 5', async () => {
      const answer = await availabilityOf(call, TV);
      expect(answer.kind).toBe('weeks');
      expect(answer.quantity_label).toBe('spots per week');
      expect(answer.quantities.map((q) => q.value)).toEqual([5, 10, 15, 20, 25, 30, 35, 40, 45, 50]);
      expect(answer.max_dates).toBe(26);
      // 26 Mondays from the station's start, each due the Friday before.
      expect(answer.options.map((o) => [o.value, o.deadline])).toEqual([
        ['2027-09-06', '2027-09-03'],
        ['2027-09-13', '2027-09-10'],
        ['2027-09-20', '2027-09-17'],
        ['2027-09-27', '2027-09-24'],
        ['2027-10-04', '2027-10-01'],
        ['2027-10-11', '2027-10-08'],
        ['2027-10-18', '2027-10-15'],
        ['2027-10-25', '2027-10-22'],
        ['2027-11-01', '2027-10-29'],
        ['2027-11-08', '2027-11-05'],
        ['2027-11-15', '2027-11-12'],
        ['2027-11-22', '2027-11-19'],
        ['2027-11-29', '2027-11-26'],
        ['2027-12-06', '2027-12-03'],
        ['2027-12-13', '2027-12-10'],
        ['2027-12-20', '2027-12-17'],
        ['2027-12-27', '2027-12-24'],
        ['2028-01-03', '2027-12-31'],
        ['2028-01-10', '2028-01-07'],
        ['2028-01-17', '2028-01-14'],
        ['2028-01-24', '2028-01-21'],
        ['2028-01-31', '2028-01-28'],
        ['2028-02-07', '2028-02-04'],
        ['2028-02-14', '2028-02-11'],
        ['2028-02-21', '2028-02-18'],
        ['2028-02-28', '2028-02-25'],
      ]);
      expect(answer.options[0]).toMatchObject({ label: 'Week of Sep 6, 2027', available: true });
      expect(answer.options[1]).toMatchObject({ label: 'Week of Sep 13, 2027', available: false });
      expect(answer.options[17]?.label).toBe('Week of Jan 3, 2028');
      expect(answer.options[25]?.label).toBe('Week of Feb 28, 2028');
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
        expect(answer.options.length).toBeGreaterThan(0);
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

    it('leaves out past dates and closes the ones whose deadline has passed', async () => {
      const answer = await availabilityOf(call, STARTED_TV);
      expect(answer.options).toHaveLength(25);
      expect(answer.options[0]).toMatchObject({ value: TODAY, deadline: '2027-01-08', available: false });
      expect(answer.options.every((o) => o.value >= TODAY)).toBe(true);

      // The first magazine whose issues start in January 2027.
      const mag = await placement(h, 'printmag', { issue: '2027/01' });
      expect(mag.mediacode).toBe('PM503-01');
      const issues = await availabilityOf(call, mag.mediacode);
      expect(issues.options.map((o) => o.value)).not.toContain('2027/01');
      expect(issues.options[0]).toMatchObject({ value: '2027/02', deadline: '2027-01-01', available: false });
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

  describe('GET /media/{mediacode}/quote', () => {
    it('prices TV as spots × unit price × weeks, and explains it', async () => {
      // The first three weeks on sale (13 Sep is sold out).
      const dates = ['2027-09-06', '2027-09-20', '2027-09-27'];
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
        start: '2027-09-06',
        end: '2027-10-03', // the Sunday ending the last week
        materials_due: '2027-09-03', // the Friday before the first week
      });
    });

    it('takes 5% off from 4 dates and 10% from 8, in whole dollars', async () => {
      // 2 slots × $1,600 × 4 weeks = $12,800; 5% is $640.
      const four = await priced(DOOH, ['2027-06-14', '2027-06-21', '2027-06-28', '2027-07-05'], 2);
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

      // 1 slot × $1,600 × 8 weeks (2 Aug is sold out) = $12,800; 10% is $1,280.
      const eightWeeks = ['2027-06-14', '2027-06-21', '2027-06-28', '2027-07-05'];
      eightWeeks.push('2027-07-12', '2027-07-19', '2027-07-26', '2027-08-09');
      const eight = await priced(DOOH, eightWeeks, 1);
      expect(eight).toMatchObject({
        subtotal: 12_800,
        discount: 1280,
        total: 11_520,
        total_formatted: '$11,520',
      });
      expect(eight.lines.at(-1)).toEqual({ label: 'Volume discount (10%)', amount: -1280 });

      const three = await priced(DOOH, ['2027-06-14', '2027-06-21', '2027-06-28'], 1);
      expect(three).toMatchObject({ subtotal: 4800, discount: 0, total: 4800 });
      expect(three.lines).toHaveLength(1);

      // 1,000 postcards × $416 per 1,000 × 4 drops = $1,664; 5% is $83.20, taken off as $83.
      const drops = await priced(EDDM, ['2027-04-12', '2027-04-19', '2027-05-03', '2027-05-17'], 1000);
      expect(drops).toMatchObject({ subtotal: 1664, discount: 83, total: 1581, total_formatted: '$1,581' });
    });

    it('prices streaming per 10,000 impressions and mail per 1,000 postcards', async () => {
      // 50,000 impressions = 5 units of $610, for 2 weeks: $6,100.
      const ctvQuote = await priced(CTV, ['2027-04-05', '2027-04-12'], 50_000);
      expect(ctvQuote.total).toBe(6100);
      expect(ctvQuote.lines).toEqual([
        { label: '50,000 impressions per week × 2 weeks at $610 per 10,000 impressions', amount: 6100 },
      ]);

      // 5,000 postcards = 5 units of $416, for 2 drops: $4,160.
      const mail = await priced(EDDM, ['2027-04-12', '2027-04-19'], 5_000);
      expect(mail).toMatchObject({
        total: 4160,
        start: '2027-04-12',
        // In homes within two 4-day periods of the first drop: 12 Apr + 8 days − 1 day.
        end: '2027-04-19',
        materials_due: '2027-04-09',
      });
    });

    it('runs magazine ads from the first day of the first issue month to the last day of the last', async () => {
      // The first two issues on sale (2027/04 is sold out): 2 pages × $5,375 × 2 issues = $21,500.
      const result = await priced(MAGAZINE, ['2027/03', '2027/05'], 2);
      expect(result).toMatchObject({
        total: 21_500,
        start: '2027-03-01',
        end: '2027-05-31',
        materials_due: '2027-01-29',
      });
      expect(result.lines[0]?.label).toBe('2 full-page ads per issue × 2 issues at $5,375 per full-page ad');
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
      const dates = ['2027-09-06', '2027-09-20'];
      const plain = await priced(TV, dates, 5);
      expect(plain.total).toBe(46_200); // 5 spots × $4,620 × 2 weeks
      const commas = await call<Quote>(
        'GET',
        `/media/${TV}/quote?dates=2027-09-20,2027-09-06,2027-09-06&quantity=5&price=1&total=1&unit_price=0.01`,
      );
      expect(commas.status).toBe(200);
      expect(commas.body.data).toEqual(plain);
    });

    it('refuses dates that are not for sale with a 422 naming the date', async () => {
      const cases: Array<[string, string[], string]> = [
        [TV, ['2027-09-07'], '2027-09-07 is not a Monday'],
        [TV, ['2028-03-06'], '2028-03-06 is not a week this placement is sold for'],
        [TV, ['2026-12-28'], '2026-12-28 is no longer available. Choose a week from 2027-09-06 on.'],
        [TV, ['2027/03'], '2027/03 is not a week'],
        [TV, [], 'Choose at least one week'],
        [TV, ['2027-09-13'], 'The week of sep 13, 2027 is sold out. Choose another week.'],
        [
          STARTED_TV,
          ['2027-01-11'],
          'The deadline for the week of jan 11, 2027 has passed (the ad was due 2027-01-08). Choose a later week.',
        ],
        [MAGAZINE, ['2027-03-01'], '2027-03-01 is not an issue'],
        [DESIGN, ['2027-09-06'], 'no dates to choose'],
      ];
      for (const [mediacode, dates, message] of cases) {
        const answer = await quoteOf(mediacode, dates, mediacode === TV || mediacode === STARTED_TV ? 5 : 1);
        expect(answer.status, message).toBe(422);
        expect(answer.body.success).toBe(false);
        expect(answer.body.message.toLowerCase(), message).toContain(message.toLowerCase());
        expect(answer.body.data).toEqual({ errors: { dates: answer.body.message } });
      }
    });

    it('refuses more dates than one item may have', async () => {
      const seven = ['2027-04-12', '2027-04-19', '2027-05-03', '2027-05-17', '2027-05-24', '2027-05-31'];
      seven.push('2027-06-07');
      const answer = await quoteOf(EDDM, seven, 1_000);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(
        'Choose at most 6 drop weeks for one item (you chose 7). Add another item for more.',
      );
    });

    it('refuses a quantity the placement does not sell, naming the allowed range', async () => {
      for (const quantity of [7, 55, 1]) {
        const answer = await quoteOf(TV, ['2027-09-06'], quantity);
        expect(answer.status).toBe(422);
        expect(answer.body.message).toBe('Choose a quantity from 5 to 50 spots per week, in steps of 5.');
        expect(answer.body.data).toEqual({ errors: { quantity: answer.body.message } });
      }
      const ctvAnswer = await quoteOf(CTV, ['2027-04-05'], 15_000);
      expect(ctvAnswer.body.message).toBe(
        'Choose a quantity from 10,000 to 200,000 impressions, in steps of 10,000.',
      );
      const emailAnswer = await quoteOf(EMAIL, ['2027-06-21'], 2);
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
