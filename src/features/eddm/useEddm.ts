import { useSelector } from '@xstate/react';
import { eddmMailing } from '../../../contract/directMail';
import { eddmActor } from './eddmActor';

export const useEddm = () => useSelector(eddmActor, (s) => s);

/** Pieces and cost of the selection, computed at once (the server prices it the same way). */
export function useEddmTotals() {
  const { selected, residentialOnly, pricing } = useSelector(eddmActor, (s) => s.context);
  return eddmMailing(selected, residentialOnly, pricing?.per_thousand_cents ?? null);
}
