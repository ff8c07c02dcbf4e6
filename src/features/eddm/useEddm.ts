import { useSelector } from '@xstate/react';
import { eddmMailing } from '../../../contract/directMail';
import { selectionPricing } from '../../../machines/eddm/eddm.machine';
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
