import type { PlacementInput } from '../../../../contract/adminCatalogue';

/** A schedule as the editor's form holds it. */
export type DraftRules = PlacementInput['schedule'];

/** The schedules a placement is chosen from (its exceptions and lead days kept across a change). */
export const SCHEDULE_PRESETS = [
  { id: 'monthly', label: 'Monthly', kind: 'issues', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
  { id: 'bimonthly', label: 'Every other month', kind: 'issues', months: [1, 3, 5, 7, 9, 11] },
  { id: 'quarterly', label: 'Quarterly', kind: 'issues', months: [1, 4, 7, 10] },
  { id: 'weekly', label: 'Weekly', kind: 'weeks', every: 1 },
  { id: 'every2', label: 'Every 2 weeks (drop weeks)', kind: 'weeks', every: 2 },
  { id: 'every4', label: 'Every 4 weeks', kind: 'weeks', every: 4 },
  { id: 'none', label: 'No dates (design work)', kind: 'none' },
] as const;
export type PresetId = (typeof SCHEDULE_PRESETS)[number]['id'];

const sameMonths = (a: readonly number[], b: readonly number[]) =>
  a.join() === [...b].sort((x, y) => x - y).join();

/** The preset rules are, or null when they are another pattern (kept as they are until one is chosen). */
export function presetOf(rules: DraftRules): PresetId | null {
  for (const preset of SCHEDULE_PRESETS) {
    if (preset.kind === 'none' && rules.kind === 'none') return preset.id;
    if (preset.kind === 'issues' && rules.kind === 'issues' && sameMonths(preset.months, rules.issue_months))
      return preset.id;
    if (preset.kind === 'weeks' && rules.kind === 'weeks' && preset.every === (rules.every_weeks ?? 1))
      return preset.id;
  }
  return null;
}

/** The rules of a preset, keeping what else the rules said (sold-out months or weeks, lead days, exceptions). */
export function rulesOfPreset(id: PresetId, rules: DraftRules): DraftRules {
  const preset = SCHEDULE_PRESETS.find((p) => p.id === id) ?? SCHEDULE_PRESETS[0];
  const kept =
    rules.kind === 'none'
      ? { exceptions: [] }
      : { lead_days: rules.lead_days, exceptions: rules.exceptions ?? [] };
  if (preset.kind === 'none') return { kind: 'none' };
  if (preset.kind === 'issues')
    return {
      kind: 'issues',
      issue_months: [...preset.months],
      sold_out_months: rules.kind === 'issues' ? (rules.sold_out_months ?? []) : [],
      ...kept,
    };
  return {
    kind: 'weeks',
    every_weeks: preset.every,
    sold_out_every: rules.kind === 'weeks' ? (rules.sold_out_every ?? 0) : 0,
    sold_out_offset: rules.kind === 'weeks' ? (rules.sold_out_offset ?? 0) : 0,
    ...kept,
  };
}

/** "Ad due (days before)" as people count it, from SPEC's "add N days, subtract 3 days" lead (N). */
export const daysBeforeOf = (leadDays: number) => 3 - leadDays;
export const leadDaysOf = (daysBefore: number) => 3 - daysBefore;
