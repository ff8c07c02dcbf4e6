import { format } from 'date-fns';
import { formatCount } from '../../contract/money';
import type { Availability, AvailabilityOption } from '../../contract/quote';
import type { Placement } from '../catalogue/placement';
import { ScheduleCalendar, type ScheduleDay } from './calendar';
import { allowedQuantities, saleTermsOf } from './rules';

/** An option with the day it stands for and, when it cannot be bought, why. */
export interface DatedOption extends Omit<AvailabilityOption, 'unavailable'> {
  day: Date;
  problem: AvailabilityOption['unavailable'];
}

export interface PlacementAvailability extends Availability {
  dated: readonly DatedOption[];
}

export const issueLabel = (day: Date): string => format(day, 'MMMM yyyy');
export const weekLabel = (day: Date): string => `Week of ${format(day, 'MMM d, yyyy')}`;

/** A schedule day's dates as options, both ways (wire and with days), made once per day it stands for. */
interface DayOptions {
  dated: readonly DatedOption[];
  options: readonly AvailabilityOption[];
}

// Keyed by the calendar's own day of a schedule, so the options live exactly as long as the calendar
// keeps that day, and are made again only when it works the day out again.
const optionsOfDay = new WeakMap<ScheduleDay, DayOptions>();

function optionsOf(scheduleDay: ScheduleDay): DayOptions {
  const known = optionsOfDay.get(scheduleDay);
  if (known) return known;
  const { kind, day: today, dates } = scheduleDay;
  const dated = dates.map(({ day, value, deadline, soldOut }): DatedOption => {
    const problem = soldOut ? 'sold-out' : deadline < today ? 'deadline-passed' : null;
    return {
      value,
      label: kind === 'issues' ? issueLabel(day) : weekLabel(day),
      available: problem === null,
      deadline,
      day,
      problem,
    };
  });
  const options = dated.map(({ value, label, available, deadline, problem }) => ({
    value,
    label,
    available,
    deadline,
    unavailable: problem,
  }));
  const made = { dated, options };
  optionsOfDay.set(scheduleDay, made);
  return made;
}

/**
 * The dates a placement can be bought for on the clock's day, from its schedule rules: a magazine's
 * issues of the twelve months from next month, or the 26 weeks (Mondays) from next Monday. Each says
 * when its ad is due; a date is unavailable when it is sold out or its deadline has passed. With the
 * catalogue's `calendar` the dates are worked out once a day; without one, for this call only.
 */
export function availabilityOf(
  item: Placement,
  now: Date,
  calendar = new ScheduleCalendar(),
): PlacementAvailability {
  const rule = saleTermsOf(item);
  const { dated, options } = optionsOf(calendar.on(rule.kind, item.schedule, now));
  return {
    mediacode: item.mediacode,
    kind: rule.kind,
    options: [...options],
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
