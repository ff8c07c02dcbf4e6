import { addDays, addMonths, endOfMonth, format } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../contract/envelope';
import { type Quote, quote } from '../../contract/quote';
import { dueBefore, endOfPeriods, isoDay, parseDay } from '../../contract/schedule';
import { DRIVERS, type Harness, manualClock } from './harness';
import { availabilityOf, availableDates, caller, marketOfZip, placement } from './shop';

const TODAY = '2027-01-11'; // the harness clock: Monday 11 January 2027
const money = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
    dollars,
  );

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

  describe('GET /media/{mediacode}/availability', () => {
    it('offers a magazine’s twelve issues from its issue month, with deadlines and ad counts', async () => {
      const mag = await placement(h, 'printmag', { issue: '2027/03' });
      const answer = await availabilityOf(call, mag.mediacode);
      expect(answer).toMatchObject({
        mediacode: mag.mediacode,
        kind: 'issues',
        quantity_label: 'full-page ads per issue',
        max_dates: 12,
        quantities: [
          { label: '1', value: 1 },
          { label: '2', value: 2 },
          { label: '3', value: 3 },
        ],
      });
      expect(answer.options).toHaveLength(12);
      answer.options.forEach((option, i) => {
        const month = addMonths(new Date(2027, 2, 1), i);
        expect(option.value).toBe(format(month, 'yyyy/MM'));
        expect(option.label).toBe(format(month, 'MMMM yyyy'));
        expect(option.deadline).toBe(isoDay(dueBefore(month, -28)));
      });
      expect(answer.options[0]).toMatchObject({
        value: '2027/03',
        label: 'March 2027',
        deadline: '2027-01-29',
      });
    });

    it('offers 26 flight weeks on Mondays for TV, with spots per week in steps of 5', async () => {
      const tv = await placement(h, 'tv', { prodcode: chicago });
      const answer = await availabilityOf(call, tv.mediacode);
      expect(answer.kind).toBe('weeks');
      expect(answer.quantity_label).toBe('spots per week');
      expect(answer.quantities.map((q) => q.value)).toEqual([5, 10, 15, 20, 25, 30, 35, 40, 45, 50]);
      expect(answer.max_dates).toBe(26);
      const first = tv.dateStart ?? '';
      expect(answer.options[0]?.value).toBe(first);
      expect(answer.options).toHaveLength(26);
      for (const option of answer.options) {
        const day = parseDay(option.value);
        expect(day.getDay()).toBe(1);
        expect(option.label).toBe(`Week of ${format(day, 'MMM d, yyyy')}`);
        expect(option.deadline).toBe(isoDay(dueBefore(day, 0)));
      }
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
      const tv = await placement(h, 'tv', { dateStart: '2027-01-04' });
      const answer = await availabilityOf(call, tv.mediacode);
      expect(answer.options).toHaveLength(25);
      expect(answer.options[0]).toMatchObject({ value: TODAY, deadline: '2027-01-08', available: false });
      expect(answer.options.every((o) => o.value >= TODAY)).toBe(true);

      const mag = await placement(h, 'printmag', { issue: '2027/01' });
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
      const tv = await placement(h, 'tv', { prodcode: chicago });
      const badMarket = await call('GET', `/media/${tv.mediacode}/availability?prodcode=x!`);
      expect(badMarket.status).toBe(400);
      expect(badMarket.body.message).toContain('market code');
      expect(
        (await call('GET', `/media/${tv.mediacode.toLowerCase()}/availability?prodcode=${chicago}`)).status,
      ).toBe(200);
    });
  });

  describe('GET /media/{mediacode}/quote', () => {
    it('prices TV as spots × unit price × weeks, and explains it', async () => {
      const tv = await placement(h, 'tv', { prodcode: chicago });
      const dates = await availableDates(call, tv.mediacode, 3);
      const unit = tv.unitPriceCents / 100;
      const result = await priced(tv.mediacode, dates, 10);
      const total = unit * 10 * 3;
      expect(result).toMatchObject({
        mediacode: tv.mediacode,
        dates,
        quantity: 10,
        unit_price: unit,
        unit_label: 'per 30-second spot',
        subtotal: total,
        discount: 0,
        total,
        total_formatted: money(total),
        start: dates[0],
        end: isoDay(addDays(parseDay(dates[2] ?? ''), 6)),
        materials_due: isoDay(dueBefore(parseDay(dates[0] ?? ''), 0)),
      });
      expect(result.lines).toEqual([
        { label: `10 spots per week × 3 weeks at ${money(unit)} per 30-second spot`, amount: total },
      ]);
    });

    it('takes 5% off from 4 dates and 10% from 8, in whole dollars', async () => {
      const dooh = await placement(h, 'dooh', { prodcode: chicago });
      const unit = dooh.unitPriceCents / 100;
      const four = await priced(dooh.mediacode, await availableDates(call, dooh.mediacode, 4), 2);
      expect(four.subtotal).toBe(unit * 2 * 4);
      expect(four.discount).toBe(Math.round(four.subtotal * 0.05));
      expect(four.total).toBe(four.subtotal - four.discount);
      expect(four.lines.at(-1)).toEqual({ label: 'Volume discount (5%)', amount: -four.discount });

      const eight = await priced(dooh.mediacode, await availableDates(call, dooh.mediacode, 8), 1);
      expect(eight.discount).toBe(Math.round(eight.subtotal * 0.1));
      expect(eight.lines.at(-1)).toEqual({ label: 'Volume discount (10%)', amount: -eight.discount });
      expect(eight.total_formatted).toBe(money(eight.total));

      const three = await priced(dooh.mediacode, await availableDates(call, dooh.mediacode, 3), 1);
      expect(three.lines).toHaveLength(1);
    });

    it('prices streaming per 10,000 impressions and mail per 1,000 postcards', async () => {
      const ctv = await placement(h, 'ctv', { prodcode: chicago });
      const ctvQuote = await priced(ctv.mediacode, await availableDates(call, ctv.mediacode, 2), 50_000);
      expect(ctvQuote.total).toBe((ctv.unitPriceCents / 100) * 5 * 2);
      expect(ctvQuote.lines[0]?.label).toContain('50,000 impressions per week × 2 weeks');

      const eddm = await placement(h, 'eddm', { prodcode: chicago });
      const drops = await availableDates(call, eddm.mediacode, 2);
      const mail = await priced(eddm.mediacode, drops, 5_000);
      expect(mail.total).toBe((eddm.unitPriceCents / 100) * 5 * 2);
      expect(mail.start).toBe(drops[0]);
      expect(mail.end).toBe(isoDay(endOfPeriods(parseDay(drops[0] ?? ''), 2)));
    });

    it('runs magazine ads from the first day of the first issue month to the last day of the last', async () => {
      const mag = await placement(h, 'printmag', { issue: '2027/03' });
      const issues = await availableDates(call, mag.mediacode, 2);
      const result = await priced(mag.mediacode, issues, 2);
      const [firstYear, firstMonth] = (issues[0] ?? '').split('/').map(Number);
      const [lastYear, lastMonth] = (issues[1] ?? '').split('/').map(Number);
      expect(result.start).toBe(isoDay(new Date(firstYear ?? 0, (firstMonth ?? 1) - 1, 1)));
      expect(result.end).toBe(isoDay(endOfMonth(new Date(lastYear ?? 0, (lastMonth ?? 1) - 1, 1))));
      expect(result.total).toBe((mag.unitPriceCents / 100) * 2 * 2);
      expect(result.materials_due).toBe(isoDay(dueBefore(parseDay(result.start ?? ''), -28)));
    });

    it('prices design work by projects, with no dates', async () => {
      const custom = await placement(h, 'custom');
      const result = await priced(custom.mediacode, [], 2);
      expect(result).toMatchObject({
        dates: [],
        total: (custom.unitPriceCents / 100) * 2,
        start: null,
        end: null,
        materials_due: null,
      });
    });

    it('accepts comma-separated dates, sorts them, ignores repeats and any price sent', async () => {
      const tv = await placement(h, 'tv', { prodcode: chicago });
      const dates = await availableDates(call, tv.mediacode, 2);
      const plain = await priced(tv.mediacode, dates, 5);
      const commas = await call<Quote>(
        'GET',
        `/media/${tv.mediacode}/quote?dates=${[...dates].reverse().join(',')},${dates[0]}&quantity=5&price=1&total=1&unit_price=0.01`,
      );
      expect(commas.status).toBe(200);
      expect(commas.body.data).toEqual(plain);
    });

    it('refuses dates that are not for sale with a 422 naming the date', async () => {
      const tv = await placement(h, 'tv', { prodcode: chicago });
      const options = (await availabilityOf(call, tv.mediacode)).options;
      const soldOut = options.find((o) => !o.available && o.deadline >= TODAY);
      const good = options.filter((o) => o.available).map((o) => o.value);
      const last = options.at(-1)?.value ?? '';
      const tooLate = isoDay(addDays(parseDay(last), 7));
      const cases: Array<[string[], string]> = [
        [[isoDay(addDays(parseDay(good[0] ?? ''), 1))], 'is not a Monday'],
        [[tooLate], `${tooLate} is not a week this placement is sold for`],
        [['2026-12-28'], '2026-12-28 is no longer available'],
        [['2027/03'], '2027/03 is not a week'],
        [[], 'Choose at least one week'],
      ];
      if (soldOut) cases.push([[soldOut.value], `${soldOut.label.toLowerCase()} is sold out`]);
      for (const [dates, message] of cases) {
        const answer = await quoteOf(tv.mediacode, dates, 5);
        expect(answer.status, message).toBe(422);
        expect(answer.body.success).toBe(false);
        expect(answer.body.message.toLowerCase(), message).toContain(message.toLowerCase());
        expect(answer.body.data).toEqual({ errors: { dates: answer.body.message } });
      }
      expect(soldOut).toBeDefined();

      const closed = options.find((o) => o.deadline < TODAY);
      if (closed) {
        const answer = await quoteOf(tv.mediacode, [closed.value], 5);
        expect(answer.status).toBe(422);
        expect(answer.body.message).toContain('deadline');
      }

      const mag = await placement(h, 'printmag', { issue: '2027/03' });
      const notIssue = await quoteOf(mag.mediacode, ['2027-03-01'], 1);
      expect(notIssue.status).toBe(422);
      expect(notIssue.body.message).toContain('2027-03-01 is not an issue');

      const custom = await placement(h, 'custom');
      const withDates = await quoteOf(custom.mediacode, [good[0] ?? ''], 1);
      expect(withDates.status).toBe(422);
      expect(withDates.body.message).toContain('no dates to choose');
    });

    it('refuses more dates than one item may have', async () => {
      const eddm = await placement(h, 'eddm', { prodcode: chicago });
      const dates = await availableDates(call, eddm.mediacode, 7);
      const answer = await quoteOf(eddm.mediacode, dates, 1_000);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(
        'Choose at most 6 drop weeks for one item (you chose 7). Add another item for more.',
      );
    });

    it('refuses a quantity the placement does not sell, naming the allowed range', async () => {
      const tv = await placement(h, 'tv', { prodcode: chicago });
      const dates = await availableDates(call, tv.mediacode, 1);
      for (const quantity of [7, 55, 1]) {
        const answer = await quoteOf(tv.mediacode, dates, quantity);
        expect(answer.status).toBe(422);
        expect(answer.body.message).toBe('Choose a quantity from 5 to 50 spots per week, in steps of 5.');
        expect(answer.body.data).toEqual({ errors: { quantity: answer.body.message } });
      }
      const ctv = await placement(h, 'ctv', { prodcode: chicago });
      const ctvAnswer = await quoteOf(ctv.mediacode, await availableDates(call, ctv.mediacode, 1), 15_000);
      expect(ctvAnswer.body.message).toBe(
        'Choose a quantity from 10,000 to 200,000 impressions, in steps of 10,000.',
      );
      const email = await placement(h, 'email');
      const emailAnswer = await quoteOf(email.mediacode, await availableDates(call, email.mediacode, 1), 2);
      expect(emailAnswer.status).toBe(422);
      expect(emailAnswer.body.message).toContain('The quantity is 1');
      const mag = await placement(h, 'printmag', { issue: '2027/03' });
      const magAnswer = await quoteOf(mag.mediacode, await availableDates(call, mag.mediacode, 1), 4);
      expect(magAnswer.body.message).toBe('Choose a quantity from 1 to 3 full-page ads per issue.');
    });

    it('answers malformed input with 400 and unknown placements with 404, never 500', async () => {
      const tv = await placement(h, 'tv', { prodcode: chicago });
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
        const answer = await call('GET', `/media/${tv.mediacode}/quote?${query}`);
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
