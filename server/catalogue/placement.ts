import type { RateCard } from '../../contract/adminCatalogue';
import type { Media } from '../../contract/media';
import type { ScheduleCalendar } from '../pricing/calendar';
import { salesRule } from '../pricing/rules';
import type { Schedule } from '../pricing/schedule';

/**
 * A placement as the catalogue keeps it: its record and its schedule rules, never a date. Its next
 * issue or start date depends on the day, so the API's answer (`Media`) is made for a day with
 * `mediaOn`.
 */
export interface Placement extends Omit<Media, 'issue' | 'date_start'> {
  schedule: Schedule;
  /**
   * Issue 31, set by the back office: its own quantities and discounts (absent or null: its channel's),
   * whether the storefront sells it (absent: yes), its spec sheet's slug (absent or null: its channel's).
   * Optional, so a catalogue snapshot written before them still reads as before.
   */
  rateCard?: RateCard | null;
  published?: boolean;
  specSheet?: string | null;
}

/**
 * The placement as the API answers it on the clock's day: a magazine's next issue (`issue`, the first
 * issue month after this one that is not sold out and whose artwork deadline has not passed) or the
 * first week that can be bought (`date_start`, a Monday), from its schedule as the `calendar` has it
 * that day; both null for design services (and when nothing on sale is left).
 */
export function mediaOn(placement: Placement, now: Date, calendar: ScheduleCalendar): Media {
  const { schedule, rateCard: _card, published: _published, specSheet: _sheet, ...record } = placement;
  const kind = salesRule(placement.media_type).kind;
  const next = calendar.on(kind, schedule, now).next;
  return {
    ...record,
    issue: kind === 'issues' ? (next?.value ?? null) : null,
    date_start: kind === 'weeks' ? (next?.value ?? null) : null,
  };
}
