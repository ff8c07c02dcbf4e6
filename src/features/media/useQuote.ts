import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Quote } from '../../../contract/quote';
import {
  type QuoteMachine,
  type QuoteStatus,
  selectChosenDates,
  selectChosenQuantity,
  selectQuoteError,
  selectQuoteStatus,
  selectShownQuote,
} from '../../../machines/quote/quote.machine';

/** The quote actor of one placement (QuotePanel creates it). */
export type QuoteActor = ActorRefFrom<QuoteMachine>;

export const useQuoteStatus = (actor: QuoteActor): QuoteStatus => useSelector(actor, selectQuoteStatus);
/** The price on show: the one of what is chosen, or the previous one while it loads. */
export const useShownQuote = (actor: QuoteActor): Quote | null => useSelector(actor, selectShownQuote);
export const useQuoteError = (actor: QuoteActor): string | null => useSelector(actor, selectQuoteError);
export const useChosenDates = (actor: QuoteActor): readonly string[] => useSelector(actor, selectChosenDates);
export const useChosenQuantity = (actor: QuoteActor): number | null =>
  useSelector(actor, selectChosenQuantity);
