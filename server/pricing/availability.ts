import { addMonths, addWeeks, format, isMonday, nextMonday, startOfMonth } from 'date-fns';
import type { Media } from '../../contract/media';
import { formatCount } from '../../contract/money';
import type { Availability, AvailabilityOption } from '../../contract/quote';
import { dueBefore, isoDay, parseDay } from '../../contract/schedule';
import { hashString } from '../db/seed/random';
import { allowedQuantities, salesRule } from './rules';

const ISSUE_MONTHS = 12;
const FLIGHT_WEEKS = 26;
/** Magazines close their pages four weeks (and the three days of the helper) before the issue month. */
const ISSUE_LEAD_DAYS = -28;
/** About this share of dates is sold out, the same ones on every machine. */
const SOLD_OUT_PERCENT = 15;

/** An option with the day it stands for and, when it cannot be bought, why. */
export interface DatedOption extends Omit<AvailabilityOption, 'unavailable'> {
  day: Date;
  problem: AvailabilityOption['unavailable'];
}

export interface PlacementAvailability extends Availability {
  dated: DatedOption[];
}

/** `2027/03` → 1 March 2027 (local time). */
export const issueDay = (value: string): Date => {
  const [year = 0, month = 1] = value.split('/').map(Number);
  return new Date(year, month - 1, 1);
};

export const issueValue = (day: Date): string => format(day, 'yyyy/MM');
export const issueLabel = (day: Date): string => format(day, 'MMMM yyyy');
export const weekLabel = (day: Date): string => `Week of ${format(day, 'MMM d, yyyy')}`;

const soldOut = (mediacode: string, value: string) =>
  hashString(`${mediacode}|${value}`) % 100 < SOLD_OUT_PERCENT;

/** The first Monday on or after a day. */
const mondayFrom = (day: Date): Date => (isMonday(day) ? day : nextMonday(day));

/** When the placement's dates begin: its issue or start date, or today when the record has none. */
function firstDay(item: Media, kind: 'issues' | 'weeks', today: Date): Date {
  if (kind === 'issues') return item.issue ? issueDay(item.issue) : startOfMonth(today);
  return mondayFrom(item.date_start ? parseDay(item.date_start) : today);
}

/**
 * The dates a placement can be bought for, from its record and today: twelve magazine issues, or 26
 * flight weeks (Mondays), never in the past. Each says when its ad is due; a date is unavailable when
 * it is sold out or its deadline has passed.
 */
export function availabilityOf(item: Media, now: Date): PlacementAvailability {
  const rule = salesRule(item.media_type);
  const today = parseDay(isoDay(now));
  const todayValue = isoDay(today);
  const dated: DatedOption[] = [];
  if (rule.kind !== 'none') {
    const start = firstDay(item, rule.kind, today);
    const count = rule.kind === 'issues' ? ISSUE_MONTHS : FLIGHT_WEEKS;
    for (let i = 0; i < count; i++) {
      const day = rule.kind === 'issues' ? addMonths(start, i) : addWeeks(start, i);
      if (isoDay(day) < todayValue) continue;
      const value = rule.kind === 'issues' ? issueValue(day) : isoDay(day);
      const deadline = isoDay(dueBefore(day, rule.kind === 'issues' ? ISSUE_LEAD_DAYS : 0));
      const problem = soldOut(item.mediacode, value)
        ? 'sold-out'
        : deadline < todayValue
          ? 'deadline-passed'
          : null;
      dated.push({
        value,
        label: rule.kind === 'issues' ? issueLabel(day) : weekLabel(day),
        available: problem === null,
        deadline,
        day,
        problem,
      });
    }
  }
  return {
    mediacode: item.mediacode,
    kind: rule.kind,
    options: dated.map(({ value, label, available, deadline, problem }) => ({
      value,
      label,
      available,
      deadline,
      unavailable: problem,
    })),
    quantity_label: rule.quantityLabel,
    quantities: allowedQuantities(rule).map((value) => ({ label: formatCount(value), value })),
    max_dates: rule.maxDates,
    dated,
  };
}

/** The wire shape of an availability (without the internal fields). */
export function availabilityAnswer(availability: PlacementAvailability): Availability {
  const { mediacode, kind, options, quantity_label, quantities, max_dates } = availability;
  return { mediacode, kind, options, quantity_label, quantities, max_dates };
}
