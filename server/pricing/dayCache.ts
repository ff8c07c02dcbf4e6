import { isoDay, parseDay } from '../../contract/schedule';

/**
 * Values worked out from the clock's day, each computed the first time it is asked for on that day and
 * kept until the day changes; a new day starts empty, so the previous day's values are dropped.
 *
 * The key is the local calendar day because that is the finest grain any schedule rule reads: every
 * deadline ends at 23:59:59.999 local time and is compared with `isoDay(now)`, so the first instant an
 * answer can change is the next local midnight, which is where the key changes too (daylight-saving
 * days of 23 or 25 hours included). Values are computed from the day's first instant rather than from
 * the request's time, so nothing cached can depend on the time of day.
 */
export class DayCache<K, V extends object> {
  private day = '';
  private values = new Map<K, V>();

  /** The value of `key` on the day of `now`, from `compute(the day's local midnight)` once that day. */
  get(now: Date, key: K, compute: (today: Date) => V): V {
    const day = isoDay(now);
    if (day !== this.day) {
      this.day = day;
      this.values = new Map();
    }
    const known = this.values.get(key);
    if (known) return known;
    const value = compute(parseDay(day));
    this.values.set(key, value);
    return value;
  }
}
