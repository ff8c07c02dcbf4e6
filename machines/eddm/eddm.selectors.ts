import type {
  Bbox,
  CarrierRoute,
  EddmMediaType,
  EddmPricing,
  RouteFilters,
  RouteShape,
} from '../../contract/directMail';
import type { AvailabilityOption } from '../../contract/quote';
import type { EddmSnapshot, LoadedZip } from './eddm.machine';
import { isSameMailing, shownMailing } from './eddm.mailings';
import {
  hiddenRoutes,
  mailingRoutes,
  minimumNotMet,
  type Pin,
  type RadiusCircle,
  selectionPricing,
  shownRoutes,
} from './eddm.types';

// One selector per value a view shows, so a view re-renders only when its value changes (a hover
// changes `hovered` and nothing else).

/** The zip code shown, its routes and shapes once loaded, and why they could not be. */
export const selectZip = (s: EddmSnapshot): string | null => s.context.zip;
export const selectLoadedZip = (s: EddmSnapshot): LoadedZip | null => s.context.loaded;
export const selectZipLoadError = (s: EddmSnapshot): string | null => s.context.loadError;
export const selectIsLoadingZip = (s: EddmSnapshot): boolean => s.hasTag('loadingZip');

/** The routes picked, in the order they were picked, and whether businesses are left out. */
export const selectSelectedRoutes = (s: EddmSnapshot): readonly CarrierRoute[] => s.context.selected;
/** The mailing: the picked routes that match the filters (what is totalled, saved and ordered). */
export const selectMailingRoutes = (s: EddmSnapshot): readonly CarrierRoute[] => mailingRoutes(s.context);
/** The picked routes the filters hide: kept, not mailed, back when the filters go. */
export const selectHiddenRoutes = (s: EddmSnapshot): readonly CarrierRoute[] => hiddenRoutes(s.context);
export const selectResidentialOnly = (s: EddmSnapshot): boolean => s.context.residentialOnly;
/** The route under the pointer (on the map or in a list). */
export const selectHoveredRoute = (s: EddmSnapshot): string | null => s.context.hovered;
/** The price per 1,000 of the selection (its first route's zip code; the zip shown when empty). */
export const selectSelectionPricing = (s: EddmSnapshot): EddmPricing | null => selectionPricing(s.context);

/** Whether the selection is saved, waiting to be, or on its way. */
export type SaveStatus = 'saved' | 'unsaved' | 'saving';
export const selectSaveStatus = (s: EddmSnapshot): SaveStatus =>
  s.hasTag('saving') ? 'saving' : s.hasTag('unsaved') ? 'unsaved' : 'saved';
export const selectSaveError = (s: EddmSnapshot): string | null => s.context.saveError;

/** USPS's minimum when the selection has fewer pieces than that, else null: the machine's own rule. */
export const selectMinimumNotMet = (s: EddmSnapshot): number | null => minimumNotMet(s.context);
export const selectMediaType = (s: EddmSnapshot): EddmMediaType | null => s.context.mediaType;
/** The open drop weeks of the placement that prices the selection. */
export const selectDropWeeks = (s: EddmSnapshot): readonly AvailabilityOption[] => s.context.dropWeeks;
/** The week shown as chosen: the chosen one while it is open, else none. */
export const selectChosenWeek = (s: EddmSnapshot): string =>
  s.context.dropWeeks.some((o) => o.value === s.context.week) ? s.context.week : '';
/** What could not be loaded for the campaign (the minimum, or the drop weeks), to try again. */
export const selectCampaignLoadError = (s: EddmSnapshot): string | null =>
  s.context.mediaTypeError ?? s.context.weeksError;
/** The campaign can be requested now: saved, enough pieces, an open week, and none on its way. */
export const selectCanCreateCampaign = (s: EddmSnapshot): boolean =>
  s.can({ type: 'eddm.campaignRequested', cartId: null });
export const selectIsCreatingCampaign = (s: EddmSnapshot): boolean => s.hasTag('creatingCampaign');
export const selectCampaignError = (s: EddmSnapshot): string | null => s.context.campaignError;

// Targeting (issue 34).
export const selectFilters = (s: EddmSnapshot): RouteFilters => s.context.filters;
/** The routes on the map: the zip code shown and those met around the pin (computed: compare by content). */
export const selectShownRoutes = (s: EddmSnapshot): CarrierRoute[] => shownRoutes(s.context);
/** The shapes of the routes met around the pin (those of the zip code shown are in its `loaded`). */
export const selectLoadedShapes = (s: EddmSnapshot): Readonly<Record<string, RouteShape>> =>
  s.context.loadedShapes;
/** Where the map looks: the pin's radius or the routes around it, else the zip code shown. */
export const selectMapFocus = (s: EddmSnapshot): Bbox | null => s.context.focus;
export const selectPin = (s: EddmSnapshot): Pin | null => s.context.pin;
export const selectRadiusMiles = (s: EddmSnapshot): number => s.context.radiusMiles;
/** The circle of "every route within N miles" around the pin, while there is a pin. */
export const selectRadiusCircle = (s: EddmSnapshot): RadiusCircle | null =>
  s.context.pin ? { lat: s.context.pin.lat, lng: s.context.pin.lng, miles: s.context.radiusMiles } : null;
export const selectIsPlacingPin = (s: EddmSnapshot): boolean => s.hasTag('placingPin');
export const selectIsLoadingNear = (s: EddmSnapshot): boolean => s.hasTag('loadingNear');
export const selectNearError = (s: EddmSnapshot): string | null => s.context.nearError;
export const selectIsDrawingArea = (s: EddmSnapshot): boolean => s.hasTag('drawingArea');
/** What the last pick at once did ("Selected 7 routes you drew around"), for a live region. */
export const selectPickNotice = (s: EddmSnapshot): string | null => s.context.pickNotice;
/**
 * The mailing shown was just added to the cart (until the selection or the week changes), and still
 * reads so while "add it again?" is asked about it.
 */
export const selectIsMailingAdded = (s: EddmSnapshot): boolean =>
  s.hasTag('campaignAdded') ||
  (s.hasTag('confirmingDuplicate') &&
    s.context.added !== null &&
    isSameMailing(s.context.added, shownMailing(s.context)));
/** "This mailing is already in your cart. Add it again?" is being asked. */
export const selectIsConfirmingDuplicate = (s: EddmSnapshot): boolean => s.hasTag('confirmingDuplicate');
