import { useSelector } from '@xstate/react';
import type { EddmMediaType } from '../../../contract/directMail';
import { eddmMailing } from '../../../contract/directMail';
import type { AvailabilityOption } from '../../../contract/quote';
import {
  type EddmSnapshot,
  minimumNotMet,
  selectCanCreateCampaign,
  selectChosenWeek,
  selectionPricing,
} from '../../../machines/eddm/eddm.machine';
import { useLoadedApp } from '../../system/AppContext';
import { createEddmActor, type EddmActor } from '../../system/eddm';

/** The every-door actor of this app (its route waits for the app before the page renders). */
export function useEddmActor(): EddmActor {
  const app = useLoadedApp();
  return app.pageActor('eddm', () => createEddmActor(app));
}

export const useEddm = () => useSelector(useEddmActor(), (s) => s);

/** Pieces and cost of the selection, computed at once (the server prices it the same way). */
export function useEddmTotals() {
  const context = useSelector(useEddmActor(), (s) => s.context);
  return eddmMailing(
    context.selected,
    context.residentialOnly,
    selectionPricing(context)?.per_thousand_cents ?? null,
  );
}

const selectMinimumNotMet = (s: EddmSnapshot) => minimumNotMet(s.context);
const selectMediaType = (s: EddmSnapshot) => s.context.mediaType;
const selectDropWeeks = (s: EddmSnapshot) => s.context.dropWeeks;
/** What could not be loaded for the campaign (the minimum, or the drop weeks), to try again. */
const selectCampaignLoadError = (s: EddmSnapshot) => s.context.mediaTypeError ?? s.context.weeksError;

/** USPS's minimum when the selection has fewer pieces than that, else null: the machine's own rule. */
export const useMinimumNotMet = (): number | null => useSelector(useEddmActor(), selectMinimumNotMet);
export const useEddmMediaType = (): EddmMediaType | null => useSelector(useEddmActor(), selectMediaType);
/** The open drop weeks of the placement that prices the selection. */
export const useDropWeeks = (): readonly AvailabilityOption[] => useSelector(useEddmActor(), selectDropWeeks);
export const useChosenWeek = (): string => useSelector(useEddmActor(), selectChosenWeek);
export const useCanCreateCampaign = (): boolean => useSelector(useEddmActor(), selectCanCreateCampaign);
export const useCampaignLoadError = (): string | null => useSelector(useEddmActor(), selectCampaignLoadError);
