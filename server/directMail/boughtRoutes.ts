import { type BoughtRoute, zipOfRoute } from '../../contract/directMail';
import type { CampaignDetails } from '../db/schema';

/**
 * The carrier routes an every-door item bought, with the pieces each was mailed as kept when it was
 * added to the cart; an item from before those were kept has its codes and zip codes, pieces unknown.
 */
export function boughtRoutesOf(details: CampaignDetails | null): BoughtRoute[] {
  if (details?.kind !== 'eddm') return [];
  return details.routes.map((routecode) => ({
    routecode,
    zip: zipOfRoute(routecode),
    pieces: details.route_pieces?.[routecode] ?? null,
  }));
}
