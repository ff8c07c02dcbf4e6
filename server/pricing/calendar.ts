import { isoDay } from '../../contract/schedule';
import { DayCache } from './dayCache';
import {
  firstOnSale,
  type Schedule,
  type ScheduledDate,
  type ScheduleKind,
  scheduledDates,
} from './schedule';

/** A schedule on one day: the dates on sale and the first of them that can be bought. */
export interface ScheduleDay {
  kind: ScheduleKind;
  /** The day these were worked out for, YYYY-MM-DD. */
  day: string;
  dates: readonly ScheduledDate[];
  next: ScheduledDate | null;
}

/**
 * Rules of another kind than the placement is sold by are read as the plain ones of its kind
 * (scheduledDates), so they share the plain rules' key. A schedule's JSON starts with `{`, a bare kind
 * never does.
 */
const keyOf = (kind: ScheduleKind, schedule: Schedule | null): string =>
  schedule?.kind === kind ? JSON.stringify(schedule) : kind;

/**
 * The dates of every schedule on the clock's day, each worked out once that day. Keyed by the rules
 * themselves rather than by placement, so the hundreds of placements that share a publishing calendar
 * or a sold-out week share one computation, and an answer can never belong to other rules than the
 * ones asked about (a placement read from the database after an edit included). The catalogue index
 * keeps one and makes a new one on reload.
 */
export class ScheduleCalendar {
  private readonly days = new DayCache<string, ScheduleDay>();

  on(kind: ScheduleKind, schedule: Schedule | null, now: Date): ScheduleDay {
    return this.days.get(now, keyOf(kind, schedule), (today) => {
      const dates = scheduledDates(kind, schedule, today);
      const day = isoDay(today);
      return { kind, day, dates, next: firstOnSale(dates, day) };
    });
  }
}
