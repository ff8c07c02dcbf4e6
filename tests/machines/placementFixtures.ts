import type { AdminPlacement } from '../../contract/adminCatalogue';
import { NEW_PLACEMENT } from '../../machines/admin/placementDraft';

/** A placement as the back office's API answers it (issue 31): Chicago's first TV station. */
export function adminPlacementOf(overrides: Partial<AdminPlacement> = {}): AdminPlacement {
  return {
    mediacode: 'TV508-01',
    name: 'WCHI Evening News',
    media_type: 'tv',
    partner: null,
    prodcode: 'DMA508',
    market: 'Chicago',
    lifestyle: 'business-finance',
    description: 'Spots in the evening news.',
    unit_price: 4620,
    unit_label: 'per 30-second spot',
    reach: 250000,
    reach_label: 'households',
    rate_card: null,
    schedule: { kind: 'weeks', every_weeks: 1, sold_out_every: 8, sold_out_offset: 0, exceptions: [] },
    spec_sheet: null,
    published: true,
    image: '/images/media/tv-1.svg',
    images: [],
    version: 3,
    updated_at: null,
    updated_by: null,
    orders: 0,
    dates: [],
    ...overrides,
  };
}

/** A new placement's empty form. */
export const BLANK = NEW_PLACEMENT;
