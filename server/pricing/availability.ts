import { format } from 'date-fns';
import { formatCount } from '../../contract/money';
import type { Availability, AvailabilityOption } from '../../contract/quote';
import { isoDay } from '../../contract/schedule';
import type { Placement } from '../catalogue/placement';
import { allowedQuantities, salesRule } from './rules';
import { scheduledDates } from './schedule';

/** An option with the day it stands for and, when it cannot be bought, why. */
export interface DatedOption extends Omit<AvailabilityOption, 'unavailable'> {
  day: Date;
  problem: AvailabilityOption['unavailable'];
}

export interface PlacementAvailability extends Availability {
  dated: DatedOption[];
}

export const issueLabel = (day: Date): string => format(day, 'MMMM yyyy');
export const weekLabel = (day: Date): string => `Week of ${format(day, 'MMM d, yyyy')}`;

/**
 * The dates a placement can be bought for on the clock's day, from its schedule rules: a magazine's
 * issues of the twelve months from next month, or the 26 weeks (Mondays) from next Monday. Each says
 * when its ad is due; a date is unavailable when it is sold out or its deadline has passed.
 */
export function availabilityOf(item: Placement, now: Date): PlacementAvailability {
  const rule = salesRule(item.media_type);
  const today = isoDay(now);
  const dated: DatedOption[] = scheduledDates(rule.kind, item.schedule, now).map(
    ({ day, value, deadline, soldOut }) => {
      const problem = soldOut ? 'sold-out' : deadline < today ? 'deadline-passed' : null;
      return {
        value,
        label: rule.kind === 'issues' ? issueLabel(day) : weekLabel(day),
        available: problem === null,
        deadline,
        day,
        problem,
      };
    },
  );
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
