/**
 * The orders the back office's placements table sorts by, free of zod so the route's address check
 * (src/features/admin/placements/placementsSearch.ts) adds nothing to the storefront's first bundle.
 */
export const PLACEMENT_SORTS = ['name', 'mediacode', 'market', 'price', 'updated'] as const;
