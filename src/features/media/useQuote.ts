import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import type { Availability } from '../../../contract/quote';
import {
  selectChosenDates,
  selectChosenQuantity,
  selectQuoteError,
  selectQuoteStatus,
  selectShownQuote,
} from '../../../machines/quote/quote.machine';
import { useLoadedApp } from '../../system/AppContext';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { quoteLogic } from '../../system/quote';

/** What a quote starts from: the placement, its availability, and what is chosen already. */
export interface QuoteStart {
  mediacode: string;
  availability: Availability;
  quantity: number | null;
  dates?: readonly string[];
}

/**
 * A placement's quote actor, made once for the component that shows it (the placement page's panel,
 * the cart's item dialog), and what it has chosen and priced: the same rules in both places.
 */
export function useQuote({ mediacode, availability, quantity, dates }: QuoteStart) {
  const app = useLoadedApp();
  const actor = useFlowActor(() =>
    createActor(quoteLogic(), {
      ...app.actorOptions,
      input: {
        mediacode,
        needsDates: availability.kind !== 'none',
        maxDates: availability.max_dates,
        quantity,
        ...(dates ? { dates: [...dates] } : {}),
      },
    }),
  );
  return {
    actor,
    status: useSelector(actor, selectQuoteStatus),
    /** The price on show: the one of what is chosen, or the previous one while it loads. */
    shown: useSelector(actor, selectShownQuote),
    failure: useSelector(actor, selectQuoteError),
    dates: useSelector(actor, selectChosenDates),
    quantity: useSelector(actor, selectChosenQuantity),
  };
}
