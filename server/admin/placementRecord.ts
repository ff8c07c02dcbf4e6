import type { z } from 'zod';
import type {
  AdminPlacement,
  placementInput,
  ScheduleException,
  ScheduleRules,
} from '../../contract/adminCatalogue';
import type { MediaType } from '../../contract/mediaTypes';
import { placementImageUrl } from '../catalogue/images';
import type { Placement } from '../catalogue/placement';
import { searchTextOf } from '../catalogue/searchText';
import type { EditedPlacement } from '../data/adminPlacements';
import type { media } from '../db/schema';
import { availabilityOf } from '../pricing/availability';
import type { ScheduleCalendar } from '../pricing/calendar';
import { salesRule } from '../pricing/rules';
import type { DateException, Schedule } from '../pricing/schedule';

/** A placement as the editor sends it, checked. */
export type PlacementFields = z.output<typeof placementInput>;

/** The code letters of each channel, as the seed's generators write them (PM501-01, CU-03). */
export function codePrefix(type: MediaType, partner: string | null): string {
  const prefixes: Record<MediaType, string> = {
    printmag: 'PM',
    tv: 'TV',
    ctv: 'CT',
    dooh: 'DO',
    digital: partner === 'google' ? 'GG' : 'GT',
    eddm: 'ED',
    abdm: 'AB',
    email: 'EM',
    custom: 'CU',
  };
  return prefixes[type];
}

/** The picture a placement shows before any is uploaded (and after the last is removed). */
export const channelImage = (type: MediaType) => `/images/media/${type}-1.svg`;

const exceptionOfRule = ({ value, closed, sold_out, deadline }: ScheduleException): DateException => ({
  value,
  ...(closed ? { closed } : {}),
  ...(sold_out ? { soldOut: sold_out } : {}),
  ...(deadline ? { deadline } : {}),
});

const ruleOfException = ({ value, closed, soldOut, deadline }: DateException): ScheduleException => ({
  value,
  ...(closed ? { closed } : {}),
  ...(soldOut ? { sold_out: soldOut } : {}),
  ...(deadline ? { deadline } : {}),
});

/**
 * The editor's rules as the catalogue stores them. Fields left at their default are left out, so a
 * schedule saved unchanged keeps the seeded rules' JSON (and the calendar's key) as it was.
 */
function scheduleOfRules(rules: ScheduleRules): Schedule {
  if (rules.kind === 'none') return { kind: 'none' };
  const extras = {
    ...(rules.lead_days !== undefined ? { leadDays: rules.lead_days } : {}),
    ...(rules.exceptions.length ? { exceptions: rules.exceptions.map(exceptionOfRule) } : {}),
  };
  if (rules.kind === 'issues')
    return {
      kind: 'issues',
      issueMonths: rules.issue_months,
      soldOutMonths: rules.sold_out_months,
      ...extras,
    };
  return {
    kind: 'weeks',
    soldOutEvery: rules.sold_out_every,
    soldOutOffset: rules.sold_out_offset,
    ...(rules.every_weeks !== 1 ? { everyWeeks: rules.every_weeks } : {}),
    ...extras,
  };
}

function rulesOfSchedule(schedule: Schedule): ScheduleRules {
  if (schedule.kind === 'none') return { kind: 'none' };
  const exceptions = (schedule.exceptions ?? []).map(ruleOfException);
  if (schedule.kind === 'issues')
    return {
      kind: 'issues',
      issue_months: schedule.issueMonths,
      sold_out_months: schedule.soldOutMonths,
      lead_days: schedule.leadDays,
      exceptions,
    };
  return {
    kind: 'weeks',
    every_weeks: schedule.everyWeeks ?? 1,
    sold_out_every: schedule.soldOutEvery,
    sold_out_offset: schedule.soldOutOffset,
    lead_days: schedule.leadDays,
    exceptions,
  };
}

/** The editable fields of a placement: what the editor shows, and the audit log's before and after. */
export function fieldsOf(placement: Placement): PlacementFields {
  return {
    name: placement.name,
    media_type: placement.media_type,
    partner: placement.partner,
    prodcode: placement.prodcode,
    lifestyle: placement.lifestyle,
    description: placement.description,
    unit_price: placement.unit_price,
    unit_label: placement.unit_label,
    reach: placement.reach,
    reach_label: placement.reach_label,
    rate_card: placement.rateCard ?? null,
    schedule: rulesOfSchedule(placement.schedule),
    spec_sheet: placement.specSheet ?? null,
    published: placement.published !== false,
  };
}

/** The sentence refusing rules of another kind than the channel is sold by, or null when they fit. */
export function scheduleProblem(fields: PlacementFields): string | null {
  const kind = salesRule(fields.media_type).kind;
  if (fields.schedule.kind === kind) return null;
  const words = { issues: 'by issue (months)', weeks: 'by the week', none: 'without dates' };
  return `This channel is sold ${words[kind]}: choose ${kind === 'issues' ? 'issue months' : kind === 'weeks' ? 'weekly rules' : 'no schedule'}.`;
}

/** The columns a save writes (the market's name goes into the search text). */
export function columnsOf(fields: PlacementFields, marketName: string | null) {
  return {
    name: fields.name,
    mediaType: fields.media_type,
    partner: fields.partner,
    prodcode: fields.prodcode,
    lifestyle: fields.lifestyle,
    description: fields.description,
    unitPriceCents: Math.round(fields.unit_price * 100),
    unitLabel: fields.unit_label,
    reach: fields.reach,
    reachLabel: fields.reach_label,
    rateCard: fields.rate_card,
    schedule: scheduleOfRules(fields.schedule),
    specSheet: fields.spec_sheet,
    published: fields.published,
    searchText: searchTextOf({
      name: fields.name,
      mediaType: fields.media_type,
      partner: fields.partner,
      marketName,
    }),
  } satisfies Partial<typeof media.$inferInsert>;
}

/** The audit log's view of a placement: its fields and its pictures, never its row's bookkeeping. */
export const auditView = (placement: Placement, images: readonly string[]) => ({
  mediacode: placement.mediacode,
  ...fieldsOf(placement),
  images,
});

/** The editor's answer: the fields, the bookkeeping, and the dates on sale today with the exceptions applied. */
export function adminPlacementOf(
  placement: Placement,
  edited: EditedPlacement,
  now: Date,
  calendar: ScheduleCalendar,
): AdminPlacement {
  return {
    ...fieldsOf(placement),
    mediacode: placement.mediacode,
    market: placement.market,
    image: placement.image,
    images: edited.images.map((id) => ({ id, url: placementImageUrl(id) })),
    version: edited.version,
    updated_at: edited.updatedAt?.toISOString() ?? null,
    updated_by: edited.updatedBy,
    orders: edited.orders,
    dates: availabilityOf(placement, now, calendar).options,
  };
}
