import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { AbdmQuote, AbdmRates } from '../../../contract/directMail';
import {
  type AbdmFailure,
  type AbdmMachine,
  selectAbdmFailure,
  selectAbdmQuote,
  selectAdding,
  selectCanAdd,
  selectCanQuote,
  selectChosenList,
  selectChosenWeek,
  selectLoadingRates,
  selectQuoting,
  selectRates,
  selectRatesError,
  selectZipcodes,
} from '../../../machines/abdm/abdm.machine';

/** The audience-mail actor of the panel (AbdmPanel creates it, one per zip code). */
export type AbdmActor = ActorRefFrom<AbdmMachine>;

export const useAbdmRates = (actor: AbdmActor): AbdmRates | null => useSelector(actor, selectRates);
export const useRatesError = (actor: AbdmActor): string | null => useSelector(actor, selectRatesError);
export const useLoadingRates = (actor: AbdmActor): boolean => useSelector(actor, selectLoadingRates);
export const useChosenList = (actor: AbdmActor): string => useSelector(actor, selectChosenList);
export const useZipcodes = (actor: AbdmActor): string => useSelector(actor, selectZipcodes);
export const useAbdmQuote = (actor: AbdmActor): AbdmQuote | null => useSelector(actor, selectAbdmQuote);
export const useChosenWeek = (actor: AbdmActor): string => useSelector(actor, selectChosenWeek);
export const useAbdmFailure = (actor: AbdmActor): AbdmFailure | null => useSelector(actor, selectAbdmFailure);
export const useQuoting = (actor: AbdmActor): boolean => useSelector(actor, selectQuoting);
export const useAdding = (actor: AbdmActor): boolean => useSelector(actor, selectAdding);
export const useCanQuote = (actor: AbdmActor): boolean => useSelector(actor, selectCanQuote);
export const useCanAdd = (actor: AbdmActor): boolean => useSelector(actor, selectCanAdd);
