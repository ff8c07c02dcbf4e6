import type { AdminPlacement } from '../../contract/adminCatalogue';
import type { PlacementDraft } from './placementEditor.types';

/** The form's fields of a placement as the server answered it. */
export function draftOf(placement: AdminPlacement): PlacementDraft {
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
    rate_card: placement.rate_card,
    schedule: placement.schedule,
    spec_sheet: placement.spec_sheet,
    published: placement.published,
  };
}

/** Whether two plain JSON values are the same, whatever the order of their keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysOf = (value: object) =>
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k);
  const keys = keysOf(a);
  if (keys.length !== keysOf(b).length) return false;
  return keys.every((key) =>
    sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** A new placement's form: a monthly magazine, not yet on sale. */
export const NEW_PLACEMENT: PlacementDraft = {
  name: '',
  media_type: 'printmag',
  partner: null,
  prodcode: null,
  lifestyle: 'all',
  description: '',
  unit_price: 0,
  unit_label: 'per full page',
  reach: 0,
  reach_label: 'readers',
  rate_card: null,
  schedule: { kind: 'issues', issue_months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], sold_out_months: [] },
  spec_sheet: null,
  published: false,
};
