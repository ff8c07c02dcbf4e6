import type { CarrierRoute, EddmMediaType, EddmPricing } from '../../contract/directMail';
import type { AvailabilityOption } from '../../contract/quote';
import type { EddmSnapshot, LoadedZip } from './eddm.machine';
import { isSameMailing, shownMailing } from './eddm.mailings';
import { minimumNotMet, selectionPricing } from './eddm.types';

// One selector per value a view shows, so a view re-renders only when its value changes (a hover
// changes `hovered` and nothing else).

/** The zip code shown, its routes and shapes once loaded, and why they could not be. */
export const selectZip = (s: EddmSnapshot): string | null => s.context.zip;
export const selectLoadedZip = (s: EddmSnapshot): LoadedZip | null => s.context.loaded;
export const selectZipLoadError = (s: EddmSnapshot): string | null => s.context.loadError;
export const selectIsLoadingZip = (s: EddmSnapshot): boolean => s.hasTag('loadingZip');

/** The selection, in the order it was made, and whether businesses are left out. */
export const selectSelectedRoutes = (s: EddmSnapshot): readonly CarrierRoute[] => s.context.selected;
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
