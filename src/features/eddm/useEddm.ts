import { useSelector } from '@xstate/react';
import { eddmMailing } from '../../../contract/directMail';
import { selectionPricing } from '../../../machines/eddm/eddm.machine';
import { eddmActor } from './eddmActor';

export const useEddm = () => useSelector(eddmActor, (s) => s);

/** Pieces and cost of the selection, computed at once (the server prices it the same way). */
export function useEddmTotals() {
  const context = useSelector(eddmActor, (s) => s.context);
  return eddmMailing(
    context.selected,
    context.residentialOnly,
    selectionPricing(context)?.per_thousand_cents ?? null,
  );
}
