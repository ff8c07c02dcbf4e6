import { addDays, endOfDay, endOfMonth, startOfDay } from 'date-fns';
import { dueBefore, endOfPeriods, parseDay } from '../../contract/schedule';
import { issueLabel, weekLabel } from '../pricing/availability';
import { dropWeekInWords } from '../pricing/quote';
import { ISSUE_LEAD_DAYS, WEEK_LEAD_DAYS } from '../pricing/schedule';
import { allocateCents } from './allocate';

/**
 * The runs of an order: each date bought (an issue month, a flight week, a mailing's drop week) as the
 * days it runs, when its ad is due, and its share of the price. Pure functions of what was bought and
 * when; every day is a local calendar day, as in server/pricing/schedule.ts: a run starts at local
 * midnight of its first day and ends at 23:59:59.999 of its last, and an ad is due until the end of its
 * day (SPEC section 9's helpers, as quotes use them).
 */
export interface Run {
  /** "March 2027 issue", "Week of Jan 18, 2027", "Drop week of Jan 18, 2027", "Design work". */
  label: string;
  /** The date as bought (`2027/03`, `2027-01-18`); null for undated design work. */
  value: string | null;
  starts: Date;
  ends: Date;
  adDue: Date;
  priceCents: number;
}

/** What an order bought, as its cart item holds it. */
export interface Bought {
  /** Issue values (`2027/03`) or Mondays (`2027-01-18`); none for design work. */
  dates: readonly string[];
  /** A mailing's drop week runs its in-home window rather than a whole week. */
  mailing: boolean;
  placedAt: Date;
  totalCents: number;
}

/** The days of one run, without its price. */
type Span = Omit<Run, 'priceCents'>;

/** An issue (`2027/03`) runs the whole month; its artwork is due 31 days before the 1st. */
function issueSpan(value: string): Span {
  const [year = 0, month = 1] = value.split('/').map(Number);
  const first = new Date(year, month - 1, 1);
  return {
    label: `${issueLabel(first)} issue`,
    value,
    starts: first,
    ends: endOfMonth(first),
    adDue: dueBefore(first, ISSUE_LEAD_DAYS),
  };
}

/**
 * A week (`2027-01-18`, a Monday) runs Monday to Sunday; a mailing's drop week runs the in-home window
 * of one drop (four days from Monday). Either's creative is due the Friday before.
 */
function weekSpan(value: string, mailing: boolean): Span {
  const monday = parseDay(value);
  return {
    label: mailing ? dropWeekInWords(monday) : weekLabel(monday),
    value,
    starts: monday,
    ends: mailing ? endOfPeriods(monday, 1) : endOfDay(addDays(monday, 6)),
    adDue: dueBefore(monday, WEEK_LEAD_DAYS),
  };
}

/** Days after the day placed that undated design work starts. */
const DESIGN_START_DAYS = 2;
/** Days design work takes from its start. */
const DESIGN_DAYS = 14;

/**
 * Design work has no date to buy, so its one run is set from the day it was placed: it starts two days
 * later (the studio's brief and kick-off) and ends 14 days after its start, and the materials (logo,
 * copy, photos) are due the day after placing, written with SPEC's "add N days, subtract 3" helper
 * (N = 4), so it can be cancelled until then like any other order.
 */
function designSpan(placedAt: Date): Span {
  const placedDay = startOfDay(placedAt);
  const starts = addDays(placedDay, DESIGN_START_DAYS);
  return {
    label: 'Design work',
    value: null,
    starts,
    ends: endOfDay(addDays(starts, DESIGN_DAYS)),
    adDue: dueBefore(placedDay, 4),
  };
}

/** A date value's run: an issue is written year/month, a week by its Monday. */
const spanOf = (value: string, mailing: boolean): Span =>
  value.includes('/') ? issueSpan(value) : weekSpan(value, mailing);

/**
 * The runs of what was bought, in date order (one "Design work" run when nothing was dated). With
 * `adDueOf` (the placement's schedule when it was bought: issue 31's lead days and moved deadlines) a
 * date's ad is due when it says, where it says anything.
 */
export function runsOf(bought: Bought, adDueOf?: (value: string) => Date | null): Run[] {
  const values = [...new Set(bought.dates)].sort();
  const dated = (value: string): Span => {
    const span = spanOf(value, bought.mailing);
    return { ...span, adDue: adDueOf?.(value) ?? span.adDue };
  };
  const spans = values.length > 0 ? values.map(dated) : [designSpan(bought.placedAt)];
  // Every date of an order is bought at the same price before the discount.
  const prices = allocateCents(
    bought.totalCents,
    spans.map(() => 1),
  );
  return spans.map((span, i) => ({ ...span, priceCents: prices[i] ?? 0 }));
}

/** When an order runs and until when it can be cancelled: what the orders table keeps of its runs. */
export interface OrderSpan {
  startsAt: Date;
  endsAt: Date;
  /** The end of the earliest ad-due day. */
  cancelBy: Date;
}

const earliest = (dates: readonly Date[]) => new Date(Math.min(...dates.map((d) => d.getTime())));
const latest = (dates: readonly Date[]) => new Date(Math.max(...dates.map((d) => d.getTime())));

/** The first start, the last end and the earliest ad due of runs (at least one). */
export function spanOfRuns(runs: readonly Run[]): OrderSpan {
  return {
    startsAt: earliest(runs.map((r) => r.starts)),
    endsAt: latest(runs.map((r) => r.ends)),
    cancelBy: earliest(runs.map((r) => r.adDue)),
  };
}
