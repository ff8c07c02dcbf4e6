import type { Cart } from '../../contract/cart';
import {
  type CarrierRoute,
  type EddmMediaType,
  type EddmPricing,
  type EddmZip,
  eddmPieces,
  pricingZipOf,
  type RouteShape,
  type ZipGeometry,
} from '../../contract/directMail';
import type { AvailabilityOption } from '../../contract/quote';
import type { Mailing } from './eddm.mailings';

/** A zip code on the map: its routes with their counts, its area, and each route's shape. */
export interface LoadedZip {
  area: EddmZip;
  outline: ZipGeometry;
  shapes: Record<string, RouteShape>;
}

export type EddmEvent =
  /** A zip code was chosen (typed, or picked from the place search: SPEC's "result select"). */
  | { type: 'eddm.zipChosen'; zip: string }
  /** A route was clicked on the map or ticked in the list. */
  | { type: 'eddm.routeToggled'; routecode: string }
  /** SPEC's "route remove": a route taken out of the selection. */
  | { type: 'eddm.routeRemoved'; routecode: string }
  | { type: 'eddm.allRoutesSelected' }
  | { type: 'eddm.selectionCleared' }
  | { type: 'eddm.residentialOnlyToggled' }
  /** SPEC's "map hover route" and "cart hover route": the route under the pointer, on the map or in the list. */
  | { type: 'eddm.routeHovered'; routecode: string | null }
  /** Try again whatever failed to load or save. */
  | { type: 'eddm.retry' }
  /** Internal: changes made during the restore are to be saved. */
  | { type: 'eddm.saveNeeded' }
  /** The week the mail goes out, among the open drop weeks. */
  | { type: 'eddm.weekChosen'; week: string }
  /** Add the saved selection to the main cart (the visitor's, when there is one) for the chosen week. */
  | { type: 'eddm.campaignRequested'; cartId: string | null }
  /** The main cart as it is now (loaded, added to or taken from anywhere): the mailings it holds. */
  | { type: 'eddm.cartChanged'; cart: Cart | null }
  /** The answer to "This mailing is already in your cart. Add it again?". */
  | { type: 'eddm.duplicateConfirmed' }
  | { type: 'eddm.duplicateCancelled' };

export interface EddmContext {
  zip: string | null;
  loaded: LoadedZip | null;
  loadError: string | null;
  /** The selection, in the order it was made; routes may come from several zip codes. */
  selected: CarrierRoute[];
  residentialOnly: boolean;
  hovered: string | null;
  /** The saved selection (POST /eddm/cart), kept across reloads by its id. */
  cartId: string | null;
  /** The pricing of every zip code seen (loaded, or of a restored selection), by zip code. */
  zipPricing: Record<string, EddmPricing>;
  /** The selection changed while a save (or the restore) was under way: save again after it. */
  dirty: boolean;
  saveError: string | null;
  /** How every-door mail is sold (GET /media/type/eddm): the minimum pieces, the piece, what is included. */
  mediaType: EddmMediaType | null;
  mediaTypeError: string | null;
  /** The placement whose drop weeks are shown (or on their way): the selection's pricing mediacode. */
  weeksFor: string | null;
  /** The open drop weeks of that placement, soonest first. */
  dropWeeks: AvailabilityOption[];
  weeksError: string | null;
  /** The week chosen: the first open one until another is chosen, kept while it stays open. */
  week: string;
  /** The main cart the campaign goes into, as the request named it. */
  campaignCartId: string | null;
  campaignError: string | null;
  /** The every-door mailings the main cart holds, as last heard (a reload asks again before a second add). */
  inCart: Mailing[];
  /** The mailing this page added last: the page says so until the selection or the week changes. */
  added: Mailing | null;
}

/**
 * The price per 1,000 of the selection, as the API prices it: that of its first route's zip code;
 * with nothing selected, that of the zip code shown.
 */
export function selectionPricing(context: EddmContext): EddmPricing | null {
  const pricingZip = pricingZipOf(context.selected.map((r) => r.routecode));
  if (pricingZip) return context.zipPricing[pricingZip] ?? null;
  return context.loaded?.area.pricing ?? null;
}

/** The placement that sells the selection (its drop weeks are the campaign's), or null at the national rate. */
export const pricingMediacode = (context: EddmContext): string | null =>
  selectionPricing(context)?.mediacode ?? null;

/**
 * USPS's minimum (the media type's) when a selection has pieces but fewer than that; null when
 * there is nothing to say (no selection, enough pieces, or the minimum not known yet).
 */
export function minimumNotMet(context: EddmContext): number | null {
  const minimum = context.mediaType?.minimum_pieces;
  if (minimum === undefined) return null;
  const pieces = eddmPieces(context.selected, context.residentialOnly);
  return pieces > 0 && pieces < minimum ? minimum : null;
}
