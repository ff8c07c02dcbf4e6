import {
  type EddmMediaType,
  type EddmPricing,
  eddmPieces,
  mailingCostCents,
  ZIP,
  zipOfRoute,
} from '../../contract/directMail';
import { formatCount } from '../../contract/money';
import type { Placement } from '../catalogue/placement';
import { placementsOfType } from '../data/directMail';
import type { Db } from '../db/client';
import type { CampaignDetails } from '../db/schema';
import { hashString } from '../db/seed/random';

import type { DirectMailAreas } from './areas';
import type { RouteSource } from './routeSource';

/** How direct mail is sold: every-door by carrier routes, audience mail by zip codes. */
export const EDDM_RULES = {
  /** USPS takes an every-door mailing of 200 pieces or more. */
  minimumPieces: 200,
  /** Larger mailings are planned with a person (and split over several drops). */
  maximumPieces: 100_000,
  /** Per 1,000 pieces, where a zip code's market has no every-door placement. */
  defaultPerThousandCents: 38_900,
} as const;

export const ABDM_RULES = {
  minimumPieces: 500,
  maximumZipcodes: 50,
} as const;

/** GET /media/type/eddm: how every-door mail is sold. */
export const eddmMediaType = (): EddmMediaType => ({
  media_type: 'eddm',
  label: 'Direct Mail',
  description:
    'Every Door Direct Mail: a postcard delivered by the US Postal Service to every address on the carrier routes you choose on the map, no mailing list needed.',
  piece: '6.25 × 9 in postcard',
  minimum_pieces: EDDM_RULES.minimumPieces,
  maximum_pieces: EDDM_RULES.maximumPieces,
  default_per_thousand_cents: EDDM_RULES.defaultPerThousandCents,
  includes: [
    'Design check of your artwork',
    'Full-colour printing on both sides, 14 pt gloss stock',
    'Bundling and paperwork for the Post Office',
    'USPS Marketing Mail postage',
    'Delivery in the week you choose',
  ],
});

/** The price per 1,000 pieces of a mailing placement, in cents. */
export const perThousandCents = (item: Placement): number => Math.round(item.unit_price * 100);

/** What pricing a campaign reads of the routes: the catalogue's geography and routes by code. */
export type RoutePricing = Pick<RouteSource, 'areas' | 'routes'>;

/**
 * The routes of campaign items, read now (before a transaction) and kept as a snapshot that pricing
 * them inside the transaction reads instead of the route source: on the embedded database a read of
 * the route cache table beside an open transaction waits for it, which waits for the read. A code
 * not in the snapshot (an item added meanwhile) is priced as a route no longer delivered.
 */
export async function warmRoutes(
  routes: RouteSource,
  items: readonly { details: CampaignDetails | null }[],
): Promise<RoutePricing> {
  const codes = items.flatMap((item) => (item.details?.kind === 'eddm' ? item.details.routes : []));
  const found = codes.length > 0 ? (await routes.routes(codes)).routes : [];
  const byCode = new Map(found.map((route) => [route.routecode, route]));
  return {
    get areas() {
      return routes.areas;
    },
    async routes(asked) {
      const unique = [...new Set(asked.map((code) => code.toUpperCase()))];
      const known = unique.flatMap((code) => byCode.get(code) ?? []);
      return { routes: known, unknown: unique.filter((code) => !byCode.has(code)) };
    },
  };
}

/** The zip codes of routes, in the order they first appear. */
export const zipsOfRoutes = (codes: readonly string[]): string[] => [...new Set(codes.map(zipOfRoute))];

/**
 * What every-door mail costs in a zip code: the every-door placement of its market (the first by code),
 * or the national default. A selection spanning several zip codes is priced by the zip code of its
 * first route: one mailing, one placement, one price.
 */
export async function eddmPricingOf(
  db: Db,
  areas: DirectMailAreas,
  zip: string | null,
): Promise<{ pricing: EddmPricing; placement: Placement | null }> {
  const prodcode = zip ? areas.zip(zip)?.prodcode : undefined;
  const [placement] = prodcode ? await placementsOfType(db, 'eddm', prodcode) : [];
  if (!placement)
    return {
      pricing: { mediacode: null, per_thousand_cents: EDDM_RULES.defaultPerThousandCents },
      placement: null,
    };
  return {
    pricing: { mediacode: placement.mediacode, per_thousand_cents: perThousandCents(placement) },
    placement,
  };
}

/** The mailing list of an audience placement ("Audience mail: New homeowners" → "New homeowners"). */
export const abdmList = (item: Placement): string => item.name.replace(/^Audience mail:\s*/i, '');

/**
 * The share of a zip code's households on an audience list: the placement's matching households over
 * its market's, or (without them) 3–12% from the placement's code. The same on every machine.
 */
export function abdmShare(areas: DirectMailAreas, item: Placement): number {
  const households = item.prodcode ? (areas.points.market(item.prodcode)?.households ?? 0) : 0;
  if (households > 0 && item.reach > 0) return Math.min(0.5, Math.max(0.01, item.reach / households));
  return (3 + (hashString(`abdm:${item.mediacode}`) % 10)) / 100;
}

export interface AbdmZipCount {
  zip: string;
  city: string;
  state: string;
  /** Residential deliveries of the zip code's carrier routes. */
  households: number;
  /** Of those, the households on the list. */
  matching: number;
}

/** Households and matching households of known zip codes (unknown ones are left out). */
export function abdmZipCounts(
  areas: DirectMailAreas,
  item: Placement,
  zips: readonly string[],
): AbdmZipCount[] {
  const share = abdmShare(areas, item);
  return zips.flatMap((zip) => {
    const point = areas.zip(zip);
    const routes = areas.routesOf(zip);
    if (!point || !routes) return [];
    const households = routes.routes.reduce((sum, r) => sum + r.route.residential, 0);
    return [
      { zip, city: point.city, state: point.state, households, matching: Math.round(households * share) },
    ];
  });
}

/** A list of names in a sentence, with at most `shown` of them: "60614, 60657 and 3 more". */
export function listInWords(items: readonly string[], shown = 3): string {
  if (items.length <= 1) return items.join('');
  if (items.length <= shown) return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
  return `${items.slice(0, shown).join(', ')} and ${items.length - shown} more`;
}

/** The zip codes of a comma list that are not five digits, or that the catalogue does not have. */
export function zipProblems(areas: DirectMailAreas, zips: readonly string[]) {
  const malformed = zips.filter((zip) => !ZIP.test(zip));
  const unknown = zips.filter((zip) => ZIP.test(zip) && !areas.zip(zip));
  return { malformed, unknown };
}

/**
 * A campaign item as it would be priced today: its pieces and price, or why it cannot be. An every-door
 * item reads its routes from the route source; audience mail counts the catalogue's generated routes.
 */
export async function priceCampaign(
  routes: RoutePricing,
  item: Placement,
  details: CampaignDetails,
): Promise<{ pieces: number; totalCents: number } | { problem: string }> {
  if (details.kind === 'eddm') {
    const found = await routes.routes(details.routes);
    if (found.unknown.length > 0)
      return { problem: `The carrier routes ${listInWords(found.unknown)} are no longer delivered.` };
    const pieces = eddmPieces(found.routes, details.residential_only);
    return { pieces, totalCents: mailingCostCents(pieces, perThousandCents(item)) };
  }
  const counts = abdmZipCounts(routes.areas, item, details.zipcodes);
  if (counts.length !== details.zipcodes.length)
    return { problem: `Some zip codes of ${item.name} are no longer mailed.` };
  const pieces = counts.reduce((sum, zip) => sum + zip.matching, 0);
  return { pieces, totalCents: mailingCostCents(pieces, perThousandCents(item)) };
}

/** The summary lines of a campaign item in a cart (SPEC section 3's summary title and lines). */
export function campaignSummary(
  item: Placement,
  details: CampaignDetails,
  pieces: number,
): { title: string; line1: string } {
  if (details.kind === 'eddm') {
    const routes = details.routes.length;
    return {
      title: `Every Door Direct Mail: ${listInWords(details.zips)}`,
      line1: `${formatCount(routes)} carrier route${routes === 1 ? '' : 's'} · ${formatCount(pieces)} pieces${details.residential_only ? ' (residential only)' : ''}`,
    };
  }
  return {
    title: item.name,
    line1: `${listInWords(details.zipcodes)} · ${formatCount(pieces)} pieces`,
  };
}
