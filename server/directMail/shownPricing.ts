import type { EddmPricing } from '../../contract/directMail';
import type { CatalogueIndex } from '../catalogue';
import type { Placement } from '../catalogue/placement';
import { EDDM_RULES, perThousandCents } from './campaigns';

/** Each market's every-door placement (the first published by code), built once per catalogue list. */
const byMarket = new WeakMap<readonly Placement[], Map<string, Placement>>();

function eddmPlacements(placements: readonly Placement[]): Map<string, Placement> {
  const known = byMarket.get(placements);
  if (known) return known;
  const first = new Map<string, Placement>();
  for (const placement of placements) {
    if (placement.media_type !== 'eddm' || !placement.prodcode || placement.published === false) continue;
    const held = first.get(placement.prodcode);
    // Byte order, as the database orders them for carts (server/data/directMail.ts `byCode`).
    if (!held || placement.mediacode < held.mediacode) first.set(placement.prodcode, placement);
  }
  byMarket.set(placements, first);
  return first;
}

/**
 * The price per 1,000 a zip code's map shows (GET /eddm/zip, /eddm/near), from the catalogue in memory
 * rather than a query per answer: the same rule as `eddmPricingOf` (the market's first every-door
 * placement by code, else the national default), and the catalogue is reloaded whenever placements
 * change. Carts and campaigns still price from the database (`eddmPricingOf`), which is authoritative.
 */
export function shownEddmPricing(catalogue: CatalogueIndex, zip: string): EddmPricing {
  const prodcode = catalogue.directMail.zip(zip)?.prodcode;
  const placement = prodcode ? eddmPlacements(catalogue.placements).get(prodcode) : undefined;
  return placement
    ? { mediacode: placement.mediacode, per_thousand_cents: perThousandCents(placement) }
    : { mediacode: null, per_thousand_cents: EDDM_RULES.defaultPerThousandCents };
}
