import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { CarrierRoute, EddmMediaType, EddmPricing } from '../../../contract/directMail';
import { eddmMailing } from '../../../contract/directMail';
import type { AvailabilityOption } from '../../../contract/quote';
import type { EddmSnapshot, LoadedZip } from '../../../machines/eddm/eddm.machine';
import {
  type SaveStatus,
  selectCampaignError,
  selectCampaignLoadError,
  selectCanCreateCampaign,
  selectChosenWeek,
  selectDropWeeks,
  selectHoveredRoute,
  selectIsConfirmingDuplicate,
  selectIsCreatingCampaign,
  selectIsLoadingZip,
  selectIsMailingAdded,
  selectLoadedZip,
  selectMailingRoutes,
  selectMediaType,
  selectMinimumNotMet,
  selectResidentialOnly,
  selectSaveError,
  selectSaveStatus,
  selectSelectedRoutes,
  selectSelectionPricing,
  selectZip,
  selectZipLoadError,
} from '../../../machines/eddm/eddm.selectors';
import { useLoadedApp } from '../../system/AppContext';
import { type EddmActor, eddmActorOf } from '../../system/eddm';
import { forwardEddmWindowEvents } from '../../system/eddmWindowEvents';

/** The every-door actor of this app (its route waits for the app before the page renders). */
export const useEddmActor = (): EddmActor => eddmActorOf(useLoadedApp());

// One small hook per value: a component re-renders only when what it reads changes (a hover
// re-renders the two routes it lights, not the page).
const useEddmValue = <T>(selector: (s: EddmSnapshot) => T): T => useSelector(useEddmActor(), selector);

export const useEddmZip = (): string | null => useEddmValue(selectZip);
export const useLoadedZip = (): LoadedZip | null => useEddmValue(selectLoadedZip);
export const useZipLoadError = (): string | null => useEddmValue(selectZipLoadError);
export const useIsLoadingZip = (): boolean => useEddmValue(selectIsLoadingZip);
export const useSelectedRoutes = (): readonly CarrierRoute[] => useEddmValue(selectSelectedRoutes);
export const useResidentialOnly = (): boolean => useEddmValue(selectResidentialOnly);
/** The route under the pointer: for the map, which lights one route. */
export const useHoveredRoute = (): string | null => useEddmValue(selectHoveredRoute);
/** Whether this route is the one under the pointer: a list row re-renders only when its answer changes. */
export const useIsRouteHovered = (routecode: string): boolean =>
  useSelector(useEddmActor(), (s) => selectHoveredRoute(s) === routecode);
export const useSelectionPricing = (): EddmPricing | null => useEddmValue(selectSelectionPricing);
export const useSaveStatus = (): SaveStatus => useEddmValue(selectSaveStatus);
export const useSaveError = (): string | null => useEddmValue(selectSaveError);
/** USPS's minimum when the selection has fewer pieces than that, else null: the machine's own rule. */
export const useMinimumNotMet = (): number | null => useEddmValue(selectMinimumNotMet);
export const useEddmMediaType = (): EddmMediaType | null => useEddmValue(selectMediaType);
/** The open drop weeks of the placement that prices the selection. */
export const useDropWeeks = (): readonly AvailabilityOption[] => useEddmValue(selectDropWeeks);
export const useChosenWeek = (): string => useEddmValue(selectChosenWeek);
export const useCanCreateCampaign = (): boolean => useEddmValue(selectCanCreateCampaign);
export const useIsCreatingCampaign = (): boolean => useEddmValue(selectIsCreatingCampaign);
export const useCampaignError = (): string | null => useEddmValue(selectCampaignError);
/** The mailing shown was just added to the cart (until its routes or week change). */
export const useIsMailingAdded = (): boolean => useEddmValue(selectIsMailingAdded);
/** "Already in your cart: add it again?" is being asked. */
export const useIsConfirmingDuplicate = (): boolean => useEddmValue(selectIsConfirmingDuplicate);
/** What could not be loaded for the campaign (the minimum, or the drop weeks), to try again. */
export const useCampaignLoadError = (): string | null => useEddmValue(selectCampaignLoadError);

/**
 * Pieces and cost of the mailing (the picked routes that match the filters), worked out at once on
 * every change (the server prices the saved mailing the same way).
 */
export function useMailingTotals() {
  const selected = useEddmValue(selectMailingRoutes);
  const residentialOnly = useResidentialOnly();
  const perThousandCents = useSelectionPricing()?.per_thousand_cents ?? null;
  return useMemo(
    () => eddmMailing(selected, residentialOnly, perThousandCents),
    [selected, residentialOnly, perThousandCents],
  );
}

/**
 * The actor hears SPEC's window events while the page is open: listening on the window is DOM
 * synchronisation; the plumbing is the system's (src/system/eddmWindowEvents.ts).
 */
export function useEddmWindowEvents() {
  const eddmActor = useEddmActor();
  useEffect(() => forwardEddmWindowEvents(eddmActor), [eddmActor]);
}
