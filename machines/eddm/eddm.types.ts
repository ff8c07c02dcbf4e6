import type { Cart } from '../../contract/cart';
import {
  type Bbox,
  type CarrierRoute,
  type EddmMediaType,
  type EddmPricing,
  type EddmZip,
  eddmPieces,
  type LatLng,
  type NearQuery,
  pricingZipOf,
  type RouteFilters,
  type RouteShape,
  routeMatches,
  type ZipGeometry,
} from '../../contract/directMail';
import type { AvailabilityOption } from '../../contract/quote';
import type { Ring } from '../../contract/routeShapes';
import type { SelectionEdit } from './eddm.edits';

/**
 * An every-door mailing as the page and the cart both know it: its routes (sorted: the order they
 * were picked in is not part of what is mailed), whether businesses are left out, and its drop week.
 */
export interface Mailing {
  routes: readonly string[];
  residentialOnly: boolean;
  week: string;
}

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
  /** "Select all" and "Clear" of the zip code the list shows (it may not be the one loading). */
  | { type: 'eddm.allRoutesSelected'; zip: string }
  | { type: 'eddm.selectionCleared'; zip: string }
  /** The page is being left (hidden): a change waiting for its debounce is saved at once. */
  | { type: 'eddm.saveFlushed' }
  | { type: 'eddm.residentialOnlyToggled' }
  /** SPEC's "map hover route" and "cart hover route": the route under the pointer, on the map or in the list. */
  | { type: 'eddm.routeHovered'; routecode: string | null }
  /** Try again whatever failed to load or save (the radius has its own, `eddm.nearRetried`). */
  | { type: 'eddm.retry' }
  /** Internal: changes made during the restore are to be saved. */
  | { type: 'eddm.saveNeeded' }
  /** The week the mail goes out, among the open drop weeks. */
  | { type: 'eddm.weekChosen'; week: string }
  /** Add the saved selection to the main cart (the visitor's, when there is one) for the chosen week. */
  | { type: 'eddm.campaignRequested'; cartId: string | null }
  /** Issue 34: a saved area used: its routes and "homes only" replace the selection. */
  | { type: 'eddm.routesApplied'; routes: CarrierRoute[]; residentialOnly: boolean }
  /** The main cart as it is now (loaded, added to or taken from anywhere): the mailings it holds. */
  | { type: 'eddm.cartChanged'; cart: Cart | null }
  /** The answer to "This mailing is already in your cart. Add it again?". */
  | { type: 'eddm.duplicateConfirmed' }
  | { type: 'eddm.duplicateCancelled' }
  | TargetingEvent;

/** The business's pin: where it is, as the person named it ("2000 N Clark St, Chicago, IL 60614"). */
export interface Pin extends LatLng {
  label: string;
}

/** How routes were picked at once: around the pin, or by drawing around them. */
export type PickedBy = 'radius' | 'lasso';

/** Targeting (issue 34): filters on who lives on a route, the business's pin and its radius, the lasso. */
export type TargetingEvent =
  /** The filters as the form holds them now; the picked routes are kept, the mailing is those that match. */
  | { type: 'eddm.filtersChanged'; filters: RouteFilters }
  | { type: 'eddm.filtersCleared' }
  /** The pin set at an address (picked in "Your business address"), with its zip code when known. */
  | { type: 'eddm.pinPlaced'; pin: Pin; zip: string | null }
  /** "Place the pin on the map": the next click on the map places it. */
  | { type: 'eddm.pinPlacingStarted' }
  /** Escape, or the button again: the map takes clicks as before. */
  | { type: 'eddm.pinPlacingCancelled' }
  | { type: 'eddm.mapClicked'; lat: number; lng: number }
  | { type: 'eddm.pinRemoved' }
  /** The radius of "every route within N miles". */
  | { type: 'eddm.radiusChosen'; miles: number }
  /** Select every route within the radius of the pin (GET /eddm/near). */
  | { type: 'eddm.nearRequested' }
  /** "Try again" of the failed "every route within N miles" (it retries nothing else). */
  | { type: 'eddm.nearRetried' }
  /** "Draw an area": on, or off again (the button again, or Escape). */
  | { type: 'eddm.lassoToggled' }
  | { type: 'eddm.lassoCancelled' }
  /** The area drawn on the map: its outline, longitude first. */
  | { type: 'eddm.lassoDrawn'; ring: Ring }
  /** Internal: routes picked at once (around the pin, or drawn around), added to the selection. */
  | { type: 'eddm.routesPicked'; routecodes: string[]; by: PickedBy };

/** The radii "every route within N miles" offers, in miles. */
export const RADIUS_MILES = [0.25, 0.5, 1, 2, 3, 5] as const;
export const DEFAULT_RADIUS_MILES = 1;

/** What the map shows of a radius: the pin and the circle around it. */
export interface RadiusCircle extends LatLng {
  miles: number;
}

export interface EddmContext {
  zip: string | null;
  loaded: LoadedZip | null;
  loadError: string | null;
  /**
   * The routes picked, in the order they were picked; routes may come from several zip codes. The
   * mailing is those that match the filters (`mailingRoutes`): a filter hides routes, never drops them.
   */
  selected: CarrierRoute[];
  residentialOnly: boolean;
  hovered: string | null;
  /** The saved selection (POST /eddm/cart), kept across reloads by its id. */
  cartId: string | null;
  /** The pricing of every zip code seen (loaded, or of a restored selection), by zip code. */
  zipPricing: Record<string, EddmPricing>;
  /** The selection changed while a save (or the restore) was under way: save again after it. */
  dirty: boolean;
  /** The changes made while the saved selection was restored, replayed on it when it lands. */
  restoreEdits: SelectionEdit[];
  /** The selection before the change being made (while restoring), to tell what the change did. */
  editBase: CarrierRoute[];
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
  /** Filters on who lives on a route (age, income, household size). */
  filters: RouteFilters;
  /** Routes of other zip codes than the one shown, met around the pin: by routecode, with their shapes. */
  loadedRoutes: Record<string, CarrierRoute>;
  loadedShapes: Record<string, RouteShape>;
  pin: Pin | null;
  radiusMiles: number;
  /** The request in flight or last made for "every route within N miles". */
  nearFor: NearQuery | null;
  nearError: string | null;
  /** The routes the last radius added to the picked ones: a new radius replaces them. */
  pickedByRadius: string[];
  /** Where the map looks: the zip code shown, or the pin's radius. */
  focus: Bbox | null;
  /** What the person asked for last, a zip code or the routes around the pin: its answer moves the map. */
  lastAsked: 'zip' | 'near';
  /** What the last pick at once did, for the page to say ("Selected 7 routes you drew around"). */
  pickNotice: string | null;
  /** The every-door mailings the main cart holds, as last heard (a reload asks again before a second add). */
  inCart: Mailing[];
  /** The mailing this page added last: the page says so until the selection or the week changes. */
  added: Mailing | null;
}

/** The routes on the map: the zip code shown, and those met around the pin. */
export function shownRoutes(context: Pick<EddmContext, 'loaded' | 'loadedRoutes'>): CarrierRoute[] {
  const ofZip = context.loaded?.area.routes ?? [];
  const codes = new Set(ofZip.map((r) => r.routecode));
  return [...ofZip, ...Object.values(context.loadedRoutes).filter((r) => !codes.has(r.routecode))];
}

/** A shown route's shape, wherever it came from. */
export const shapeOf = (
  context: Pick<EddmContext, 'loaded' | 'loadedShapes'>,
  routecode: string,
): RouteShape | undefined => context.loaded?.shapes[routecode] ?? context.loadedShapes[routecode];

const mailingCache = new WeakMap<
  readonly CarrierRoute[],
  { filters: RouteFilters; routes: CarrierRoute[] }
>();

/**
 * The mailing: the picked routes that match the filters. The same array while neither changes, so a
 * view reading it re-renders only when the mailing does.
 */
export function mailingRoutes(context: Pick<EddmContext, 'selected' | 'filters'>): CarrierRoute[] {
  const cached = mailingCache.get(context.selected);
  if (cached && cached.filters === context.filters) return cached.routes;
  const routes = context.selected.filter((r) => routeMatches(r, context.filters));
  mailingCache.set(context.selected, { filters: context.filters, routes });
  return routes;
}

const hiddenCache = new WeakMap<readonly CarrierRoute[], { filters: RouteFilters; routes: CarrierRoute[] }>();

/** The picked routes the filters hide: kept, left out of the mailing, back when the filter goes. */
export function hiddenRoutes(context: Pick<EddmContext, 'selected' | 'filters'>): CarrierRoute[] {
  const cached = hiddenCache.get(context.selected);
  if (cached && cached.filters === context.filters) return cached.routes;
  const routes = context.selected.filter((r) => !routeMatches(r, context.filters));
  hiddenCache.set(context.selected, { filters: context.filters, routes });
  return routes;
}

/**
 * The price per 1,000 of the selection, as the API prices it: that of its first route's zip code;
 * with nothing selected, that of the zip code shown.
 */
export function selectionPricing(context: EddmContext): EddmPricing | null {
  const pricingZip = pricingZipOf(mailingRoutes(context).map((r) => r.routecode));
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
  const pieces = eddmPieces(mailingRoutes(context), context.residentialOnly);
  return pieces > 0 && pieces < minimum ? minimum : null;
}
