import { addDays, endOfMonth, format } from 'date-fns';
import type { Media } from '../../contract/media';
import { centsToDollars, formatCents, formatCount } from '../../contract/money';
import type { Quote } from '../../contract/quote';
import { dayInWords, endOfPeriods, isoDay, parseDay } from '../../contract/schedule';
import type { Placement } from '../catalogue/placement';
import { invalidField } from '../http/body';
import { availabilityOf, type DatedOption, weekLabel } from './availability';
import type { ScheduleCalendar } from './calendar';
import { discountPercentOf, isMailing, plural, type SalesRule, salesRule, saleTermsOf } from './rules';

/** What a buyer asks for: dates (values from the availability) and a quantity. Never a price. */
export interface QuoteRequest {
  dates: readonly string[];
  quantity: number;
}

export interface PricedQuote {
  quote: Quote;
  totalCents: number;
}

/** A 422 about one field, with the same sentence as the answer's message. */

const dateWord = (rule: SalesRule, type: Media['media_type']) =>
  rule.kind === 'issues' ? 'issue' : isMailing(type) ? 'drop week' : 'week';

function describeOption(option: DatedOption, rule: SalesRule): string {
  if (rule.kind === 'issues') return `the ${option.label} issue`;
  // "the week of Jan 18, 2027": only the label's first letter is lowered (it lowered "Jan" too).
  const label = weekLabel(option.day);
  return `the ${label[0]?.toLowerCase()}${label.slice(1)}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Months of the year (1 = January) in a sentence: "January, April, July and October". */
const monthsInWords = (months: readonly number[]): string => {
  const names = months.map((month) => MONTH_NAMES[month - 1] ?? String(month));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
};

/**
 * Why a date value cannot be bought, in a sentence the buyer can act on; its examples are dates on
 * sale today, never a fixed year.
 */
function dateProblem(
  value: string,
  item: Placement,
  rule: SalesRule,
  options: readonly DatedOption[],
): string {
  const word = dateWord(rule, item.media_type);
  const a = rule.kind === 'issues' ? 'an' : 'a';
  const isIssue = value.includes('/');
  const first = options[0];
  const last = options.at(-1);
  const example = first ? `, like ${first.value}` : '';
  if (rule.kind === 'issues' && !isIssue)
    return `${value} is not an issue of this magazine. Issues are written year/month${example}.`;
  if (rule.kind === 'weeks' && isIssue)
    return `${value} is not a week. Choose a ${word} by its Monday${example}.`;
  if (rule.kind === 'weeks' && parseDay(value).getDay() !== 1)
    return `${value} is not a Monday. Weeks start on Monday: choose a ${word} from the availability.`;
  if (first && value < first.value)
    return `${value} is no longer available. Choose ${a} ${word} from ${first.value} on.`;
  if (!first || !last) return `${item.name} has no ${word}s left to book. Choose another placement.`;
  if (item.schedule.kind === 'issues' && value < last.value)
    return `${value} is not an issue of this magazine: it comes out in ${monthsInWords(item.schedule.issueMonths)}. Choose one from ${first.value} to ${last.value}.`;
  return `${value} is not ${a} ${word} this placement is sold for. Choose one from ${first.value} to ${last.value}.`;
}

function quantityProblem(rule: SalesRule): string {
  if (rule.min === rule.max)
    return `The quantity is ${formatCount(rule.min)}: this placement sells one per ${rule.kind === 'issues' ? 'issue' : 'week'}.`;
  const steps = rule.step === 1 ? '' : `, in steps of ${formatCount(rule.step)}`;
  return `Choose a quantity from ${formatCount(rule.min)} to ${formatCount(rule.max)} ${rule.quantityLabel}${steps}.`;
}

/** A price in integer cents, with the lines a quote (and an order's page) shows. */
export interface PriceBreakdown {
  /** Each part of the price in dollars, ending with any discount. */
  lines: Quote['lines'];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  /** The volume discount in percent (0 without one). */
  percent: number;
}

/**
 * The price of a quantity of a placement for a number of dates (dates already checked): unit price ×
 * units × dates, less the volume discount (5% from 4 dates, 10% from 8).
 */
export function priceOf(item: Placement, quantity: number, dateCount: number): PriceBreakdown {
  const rule = saleTermsOf(item);
  const unitCents = Math.round(item.unit_price * 100);
  const units = quantity / rule.perUnit;
  const times = rule.kind === 'none' ? 1 : dateCount;
  const subtotalCents = Math.round(unitCents * units * times);
  const percent = discountPercentOf(item, dateCount);
  // Discounts are whole dollars, so every amount shown adds up to the total shown.
  const discountCents = Math.round((subtotalCents * percent) / 100 / 100) * 100;

  const what = `${formatCount(quantity)} ${plural(quantity, rule.quantityNoun)}`;
  const when = rule.kind === 'none' ? '' : ` × ${dateCount} ${plural(dateCount, rule.dateNoun)}`;
  const lines = [
    {
      label: `${what}${when} at ${formatCents(unitCents)} ${item.unit_label}`,
      amount: centsToDollars(subtotalCents),
    },
  ];
  if (discountCents > 0)
    lines.push({ label: `Volume discount (${percent}%)`, amount: -centsToDollars(discountCents) });
  return { lines, subtotalCents, discountCents, totalCents: subtotalCents - discountCents, percent };
}

/**
 * Prices a placement for the chosen dates and quantity: unit price × units × dates, less a volume
 * discount (5% from 4 dates, 10% from 8), in integer cents. Every date must be one the placement is
 * available for, and the quantity one it sells; otherwise it throws a 422 naming what to change.
 * With the catalogue's `calendar` the dates on sale are worked out once a day.
 */
export function quotePlacement(
  item: Placement,
  request: QuoteRequest,
  now: Date,
  calendar?: ScheduleCalendar,
): PricedQuote {
  const rule = saleTermsOf(item);
  const values = [...new Set(request.dates)].sort();
  const chosen = chooseDates(item, values, now, 'dates', calendar);

  const quantity = request.quantity;
  if (quantity < rule.min || quantity > rule.max || (quantity - rule.min) % rule.step !== 0)
    throw invalidField('quantity', quantityProblem(rule));

  const { lines, subtotalCents, discountCents, totalCents } = priceOf(item, quantity, chosen.length);

  const first = chosen[0];
  const last = chosen.at(-1);
  let start: string | null = null;
  let end: string | null = null;
  if (first && last) {
    start = isoDay(first.day);
    if (rule.kind === 'issues') end = isoDay(endOfMonth(last.day));
    else if (isMailing(item.media_type)) end = isoDay(endOfPeriods(first.day, chosen.length));
    else end = isoDay(addDays(last.day, 6));
  }

  return {
    totalCents,
    quote: {
      mediacode: item.mediacode,
      dates: values,
      quantity,
      unit_price: item.unit_price,
      unit_label: item.unit_label,
      lines,
      subtotal: centsToDollars(subtotalCents),
      discount: centsToDollars(discountCents),
      total: centsToDollars(totalCents),
      total_formatted: formatCents(totalCents),
      start,
      end,
      materials_due: first?.deadline ?? null,
    },
  };
}

/**
 * The availability options of the chosen date values (distinct, sorted), or a 422 on `field` saying
 * which date to choose instead: a date must be one the placement is sold for, not sold out and not
 * past its deadline (for mailings, a drop week's Monday).
 */
export function chooseDates(
  item: Placement,
  values: readonly string[],
  now: Date,
  field = 'dates',
  calendar?: ScheduleCalendar,
): DatedOption[] {
  const rule = salesRule(item.media_type);
  const availability = availabilityOf(item, now, calendar);
  const word = dateWord(rule, item.media_type);

  if (rule.kind === 'none' && values.length > 0)
    throw invalidField(field, `${item.name} has no dates to choose. Leave the dates out.`);
  if (rule.kind !== 'none' && values.length === 0)
    throw invalidField(field, `Choose at least one ${word} from the availability.`);
  if (values.length > rule.maxDates)
    throw invalidField(
      field,
      `Choose at most ${rule.maxDates} ${word}s for one item (you chose ${values.length}). Add another item for more.`,
    );

  const byValue = new Map(availability.dated.map((o) => [o.value, o]));
  const chosen: DatedOption[] = [];
  for (const value of values) {
    const option = byValue.get(value);
    if (!option) throw invalidField(field, dateProblem(value, item, rule, availability.dated));
    if (option.problem === 'sold-out') {
      const what = describeOption(option, rule);
      throw invalidField(
        field,
        `${what[0]?.toUpperCase()}${what.slice(1)} is sold out. Choose another ${word}.`,
      );
    }
    if (option.problem === 'deadline-passed')
      throw invalidField(
        field,
        `The deadline for ${describeOption(option, rule)} has passed (the ad was due ${dayInWords(option.deadline)}). Choose a later ${word}.`,
      );
    chosen.push(option);
  }
  return chosen;
}

/** "Drop week of Mar 1, 2027": when a mailing goes out. */
export const dropWeekInWords = (day: Date): string => `Drop week of ${format(day, 'MMM d, yyyy')}`;

/** The chosen dates in words: "March, April 2027", "Week of Jan 4, 2027", "3 weeks from Jan 4, 2027". */
export function datesInWords(item: Pick<Media, 'media_type'>, dates: readonly string[]): string {
  const rule = salesRule(item.media_type);
  const sorted = [...dates].sort();
  const first = sorted[0];
  if (rule.kind === 'none' || !first) return 'Design project';
  if (rule.kind === 'issues') {
    const byYear = new Map<string, string[]>();
    for (const value of sorted) {
      const [year = '', month = '1'] = value.split('/');
      const name = format(new Date(Number(year), Number(month) - 1, 1), 'MMMM');
      byYear.set(year, [...(byYear.get(year) ?? []), name]);
    }
    return [...byYear].map(([year, months]) => `${months.join(', ')} ${year}`).join(', ');
  }
  const firstDay = parseDay(first);
  if (sorted.length === 1)
    return isMailing(item.media_type) ? dropWeekInWords(firstDay) : weekLabel(firstDay);
  return `${sorted.length} ${plural(sorted.length, rule.dateNoun)} from ${format(firstDay, 'MMM d, yyyy')}`;
}

/** The quantity and how many dates: "10 spots per week · 3 weeks", "2 projects". */
export function quantityInWords(
  item: Pick<Media, 'media_type'>,
  quantity: number,
  dateCount: number,
): string {
  const rule = salesRule(item.media_type);
  const what = `${formatCount(quantity)} ${plural(quantity, rule.quantityNoun)}`;
  return rule.kind === 'none' ? what : `${what} · ${dateCount} ${plural(dateCount, rule.dateNoun)}`;
}
