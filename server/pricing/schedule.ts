import {
  addMonths,
  addWeeks,
  differenceInCalendarDays,
  endOfDay,
  format,
  nextMonday,
  startOfMonth,
} from 'date-fns';
import { dueBefore, isoDay, parseDay } from '../../contract/schedule';

/**
 * A placement's schedule as the catalogue stores it: rules, never dates, so the dates on sale roll
 * forward with the clock (ARCHITECTURE: schedules are computed from the injectable clock).
 *
 * - `issues` (magazines): the months of the year an issue comes out (1 = January; every month for a
 *   monthly, every other month, or four a year), and the months whose issue is sold out every year.
 * - `weeks` (TV, streaming, screens, online, e-mail, mail): a flight, send or drop week starts on any
 *   Monday; one week in `soldOutEvery` is sold out: the weeks whose number, counted from week 0 (the
 *   week of Monday 5 January 1970, the first Monday of Unix time), is `soldOutOffset` modulo
 *   `soldOutEvery`. 0 for `soldOutEvery` means none is.
 * - `none` (design services): no dates.
 *
 * Issue 31: the back office may also set `leadDays` (the N of SPEC's "add N days, subtract 3 days"
 * deadline helper; the kind's own when absent), `everyWeeks` (flights or drops every 2 or 4 weeks: the
 * weeks whose number is a multiple of it, so the pattern stays put as the clock moves) and
 * `exceptions` by date value. Absent fields keep the seeded rules' dates exactly as they were.
 */
export type Schedule =
  | {
      kind: 'issues';
      issueMonths: number[];
      soldOutMonths: number[];
      leadDays?: number;
      exceptions?: DateException[];
    }
  | {
      kind: 'weeks';
      soldOutEvery: number;
      soldOutOffset: number;
      everyWeeks?: 1 | 2 | 4;
      leadDays?: number;
      exceptions?: DateException[];
    }
  | { kind: 'none' };

/** One date set apart from the rules: not sold at all, sold out, or its ad due on another day. */
export interface DateException {
  /** The date's value: `2027/03` or a Monday `2027-01-18`. */
  value: string;
  closed?: boolean;
  soldOut?: boolean;
  /** YYYY-MM-DD. */
  deadline?: string;
}

export type ScheduleKind = Schedule['kind'];

/** Issues are sold for the twelve months from next month. */
export const ISSUE_HORIZON_MONTHS = 12;
/** Weeks are sold for 26 weeks (half a year) from next Monday. */
export const FLIGHT_WEEKS = 26;
/**
 * Magazine artwork is due 31 days before the 1st of the issue month: SPEC's "add N days, subtract 3
 * days" helper with N = −28.
 */
export const ISSUE_LEAD_DAYS = -28;
/** Week creative is due the Friday before its Monday: the same helper with N = 0. */
export const WEEK_LEAD_DAYS = 0;

const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
/** Monday 5 January 1970 (local time): the first day of week 0. */
const WEEK_ZERO = new Date(1970, 0, 5);

/** The rules used when a placement has none of its kind (a record from before schedules): nothing sold out. */
export function plainSchedule(kind: ScheduleKind): Schedule {
  if (kind === 'issues') return { kind, issueMonths: ALL_MONTHS, soldOutMonths: [] };
  if (kind === 'weeks') return { kind, soldOutEvery: 0, soldOutOffset: 0 };
  return { kind };
}

/** The number of the week starting on a Monday, counted from week 0 (5 January 1970). */
export const weekNumber = (monday: Date): number =>
  Math.round(differenceInCalendarDays(monday, WEEK_ZERO) / 7);

/** `2027/03` for the issue of March 2027. */
const issueValue = (day: Date): string => format(day, 'yyyy/MM');

/** One date of a schedule. */
export interface ScheduledDate {
  /** The first day: the 1st of the issue month, or the week's Monday (local midnight). */
  day: Date;
  /** As the API writes it: `2027/03` for an issue, `2027-01-18` for a week. */
  value: string;
  /** The last day the ad can be handed in, YYYY-MM-DD (it ends at 23:59:59). */
  deadline: string;
  soldOut: boolean;
}

const modulo = (n: number, m: number) => ((n % m) + m) % m;

function issuesFrom(schedule: Extract<Schedule, { kind: 'issues' }>, today: Date): ScheduledDate[] {
  const dates: ScheduledDate[] = [];
  const thisMonth = startOfMonth(today);
  for (let i = 1; i <= ISSUE_HORIZON_MONTHS; i++) {
    const day = addMonths(thisMonth, i);
    const month = day.getMonth() + 1;
    if (!schedule.issueMonths.includes(month)) continue;
    dates.push({
      day,
      value: issueValue(day),
      deadline: isoDay(dueBefore(day, schedule.leadDays ?? ISSUE_LEAD_DAYS)),
      soldOut: schedule.soldOutMonths.includes(month),
    });
  }
  return dates;
}

function weeksFrom(schedule: Extract<Schedule, { kind: 'weeks' }>, today: Date): ScheduledDate[] {
  const first = nextMonday(today);
  const dates: ScheduledDate[] = [];
  for (let i = 0; i < FLIGHT_WEEKS; i++) {
    const day = addWeeks(first, i);
    if (modulo(weekNumber(day), schedule.everyWeeks ?? 1) !== 0) continue;
    const every = schedule.soldOutEvery;
    dates.push({
      day,
      value: isoDay(day),
      deadline: isoDay(dueBefore(day, schedule.leadDays ?? WEEK_LEAD_DAYS)),
      soldOut: every > 0 && modulo(weekNumber(day) - schedule.soldOutOffset, every) === 0,
    });
  }
  return dates;
}

/** The rules' dates with their exceptions applied: closed ones left out, the others marked or moved. */
function withExceptions(
  dates: ScheduledDate[],
  exceptions: readonly DateException[] | undefined,
): ScheduledDate[] {
  if (!exceptions?.length) return dates;
  const byValue = new Map(exceptions.map((exception) => [exception.value, exception]));
  return dates.flatMap((date) => {
    const exception = byValue.get(date.value);
    if (!exception) return [date];
    if (exception.closed) return [];
    return [
      {
        ...date,
        soldOut: date.soldOut || exception.soldOut === true,
        deadline: exception.deadline ?? date.deadline,
      },
    ];
  });
}

/**
 * The dates on sale on the clock's day (`now`, read as a local calendar day), from the rules of a
 * placement sold by `kind`: the issues of the twelve months from next month, or the 26 weeks from next
 * Monday (never this week: its creative was due last Friday). Rules of another kind than the placement
 * is sold by are ignored for the plain ones.
 */
export function scheduledDates(kind: ScheduleKind, schedule: Schedule | null, now: Date): ScheduledDate[] {
  const rules = schedule?.kind === kind ? schedule : plainSchedule(kind);
  const today = parseDay(isoDay(now));
  if (rules.kind === 'issues') return withExceptions(issuesFrom(rules, today), rules.exceptions);
  if (rules.kind === 'weeks') return withExceptions(weeksFrom(rules, today), rules.exceptions);
  return [];
}

/**
 * The next date of a schedule: the first that can be bought on the clock's day ("Next issue: March
 * 2027", "From Jan 18, 2027"), so a placement never advertises a sold-out week or issue as its start;
 * null for placements without dates, or when none of the dates on sale is left.
 */
export function nextDate(kind: ScheduleKind, schedule: Schedule | null, now: Date): ScheduledDate | null {
  return firstOnSale(scheduledDates(kind, schedule, now), isoDay(now));
}

/**
 * The first of `dates` that can be bought on `today` (YYYY-MM-DD): not sold out, and its deadline (it
 * ends at 23:59:59) not passed.
 */
export const firstOnSale = (dates: readonly ScheduledDate[], today: string): ScheduledDate | null =>
  dates.find((date) => !date.soldOut && date.deadline >= today) ?? null;

/**
 * When the ad of one date of these rules is due, as an instant (the end of its day): the exception's
 * moved deadline, or the rules' lead days before the date; null for rules without dates. An order
 * keeps what this said when it was placed, whatever the rules say later.
 */
export function adDueOf(schedule: Schedule): ((value: string) => Date | null) | undefined {
  if (schedule.kind === 'none') return undefined;
  const moved = new Map(
    (schedule.exceptions ?? []).flatMap((e) => (e.deadline ? [[e.value, e.deadline]] : [])),
  );
  const lead = schedule.leadDays ?? (schedule.kind === 'issues' ? ISSUE_LEAD_DAYS : WEEK_LEAD_DAYS);
  return (value) => {
    const deadline = moved.get(value);
    if (deadline) return endOfDay(parseDay(deadline));
    if (schedule.leadDays === undefined) return null;
    const [year = 0, month = 1] = value.split('/').map(Number);
    return dueBefore(value.includes('/') ? new Date(year, month - 1, 1) : parseDay(value), lead);
  };
}
