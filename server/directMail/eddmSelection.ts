import { type EddmCart, eddmPieces, mailingCostCents, pricingZipOf } from '../../contract/directMail';
import { formatCents } from '../../contract/money';
import type { EddmCartRow } from '../data/directMail';
import type { Db } from '../db/client';
import { invalidField } from '../http/body';
import { EDDM_RULES, eddmPricingOf, listInWords, zipsOfRoutes } from './campaigns';
import type { RouteSource } from './routeSource';

/** How many zip codes one every-door selection may span. */
export const EDDM_MAX_ZIPS = 20;

/** The routes of a selection, checked: every code must name a route (422 naming those that do not). */
export async function checkedSelection(
  source: RouteSource,
  selection: { routes: string[]; residential_only: boolean },
): Promise<{ routes: string[]; residentialOnly: boolean }> {
  const routes = [...new Set(selection.routes)];
  // Each zip code's routes are computed on first use: a request may only ask for a few.
  const zips = zipsOfRoutes(routes);
  if (zips.length > EDDM_MAX_ZIPS)
    throw invalidField(
      'routes',
      `A mailing covers at most ${EDDM_MAX_ZIPS} zip codes (these routes are in ${zips.length}). Split it into several mailings.`,
    );
  const { unknown } = await source.routes(routes);
  if (unknown.length > 0)
    throw invalidField(
      'routes',
      `There ${unknown.length === 1 ? 'is no carrier route' : 'are no carrier routes'} ${listInWords(unknown, 5)}. Choose the routes on the map again.`,
    );
  return { routes, residentialOnly: selection.residential_only };
}

/** An every-door selection as the API answers it: its routes with counts, pieces and price. */
export async function eddmCartView(db: Db, source: RouteSource, row: EddmCartRow): Promise<EddmCart> {
  const { routes } = await source.routes(row.routes);
  const { pricing } = await eddmPricingOf(db, source.areas, pricingZipOf(routes.map((r) => r.routecode)));
  const pieces = eddmPieces(routes, row.residentialOnly);
  const cost = mailingCostCents(pieces, pricing.per_thousand_cents);
  return {
    id: row.id,
    routes,
    residential_only: row.residentialOnly,
    pieces,
    cost_cents: cost,
    cost_formatted: formatCents(cost),
    pricing,
    meets_minimum: pieces >= EDDM_RULES.minimumPieces,
    updated_at: row.updatedAt.toISOString(),
  };
}
