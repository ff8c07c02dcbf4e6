import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { Quote } from '../../contract/quote';
import { apiMessageOf } from '../failures';

export type QuoteEvent =
  /** A date (an issue or a flight week) was ticked or unticked in the calendar. */
  { type: 'quote.dateToggled'; date: string } | { type: 'quote.quantityChanged'; quantity: number };

export interface QuoteInput {
  mediacode: string;
  /** Magazine issues or flight weeks are chosen before a price can be worked out; design work has none. */
  needsDates: boolean;
  /** How many dates one item may have (the availability's max_dates). */
  maxDates: number;
  /** The quantity chosen at first (the availability's first option), or null when there is none. */
  quantity: number | null;
  /** The dates chosen at first (an item of the cart being changed); none by default. */
  dates?: readonly string[];
}

export interface QuoteContext extends QuoteInput {
  /** The dates chosen, in calendar order. */
  dates: readonly string[];
  /** The last price answered: kept on show while the next one loads, forgotten when it no longer applies. */
  quote: Quote | null;
  error: string | null;
}

const FALLBACK = 'The price could not be worked out. Please try again.';

/**
 * A placement's price (GET /media/{mediacode}/quote): the server's answer for the dates and the
 * quantity chosen, asked a short pause after the last change. A change cancels the request in
 * flight, so an answer for an older choice can never be shown.
 */
export const quoteMachine = setup({
  types: {
    context: {} as QuoteContext,
    events: {} as QuoteEvent,
    input: {} as QuoteInput,
  },
  actors: {
    /** Resolves with the price, or rejects with the API's sentence as the error's cause. */
    fetchQuote: fromPromise<Quote, { mediacode: string; dates: readonly string[]; quantity: number }>(
      async () => {
        throw new Error('fetchQuote is supplied where the actor is created');
      },
    ),
  },
  actions: {
    toggleDate: assign(({ context }, params: { date: string }) => ({
      dates: context.dates.includes(params.date)
        ? context.dates.filter((d) => d !== params.date)
        : [...context.dates, params.date].sort(),
    })),
    chooseQuantity: assign((_, params: { quantity: number }) => ({ quantity: params.quantity })),
    keepQuote: assign((_, params: { quote: Quote }) => ({ quote: params.quote, error: null })),
    showFailure: assign((_, params: { error: unknown }) => ({
      quote: null,
      error: apiMessageOf(params.error, FALLBACK),
    })),
    clearFailure: assign({ error: null }),
    forgetQuote: assign({ quote: null, error: null }),
  },
  guards: {
    /** No quantity, or dates are needed and none is chosen. */
    hasNothingToQuote: ({ context }) =>
      context.quantity === null || (context.needsDates && context.dates.length === 0),
    /** A chosen date can always be unticked; another is taken while there is room for it. */
    canToggleDate: ({ context }, params: { date: string }) =>
      context.dates.includes(params.date) || context.dates.length < context.maxDates,
    isOtherQuantity: ({ context }, params: { quantity: number }) => params.quantity !== context.quantity,
  },
  delays: { quoteDebounce: 250 },
}).createMachine({
  id: 'quote',
  context: ({ input }) => ({ ...input, dates: [...(input.dates ?? [])].sort(), quote: null, error: null }),
  initial: 'deciding',
  // Every change starts over from `deciding`: the pause restarts and a request in flight is cancelled.
  on: {
    'quote.dateToggled': {
      guard: { type: 'canToggleDate', params: ({ event }) => ({ date: event.date }) },
      target: '.deciding',
      actions: { type: 'toggleDate', params: ({ event }) => ({ date: event.date }) },
    },
    'quote.quantityChanged': {
      guard: { type: 'isOtherQuantity', params: ({ event }) => ({ quantity: event.quantity }) },
      target: '.deciding',
      actions: { type: 'chooseQuantity', params: ({ event }) => ({ quantity: event.quantity }) },
    },
  },
  states: {
    deciding: {
      always: [{ guard: 'hasNothingToQuote', target: 'idle' }, { target: 'waiting' }],
    },
    /** Nothing to quote yet: the panel asks for dates (or a quantity). */
    idle: { entry: 'forgetQuote' },
    /** The choice is settling: asked when it has not changed for a moment. */
    waiting: {
      tags: ['pending'],
      entry: 'clearFailure',
      after: { quoteDebounce: 'loading' },
    },
    loading: {
      tags: ['pending'],
      invoke: {
        src: 'fetchQuote',
        input: ({ context }) => ({
          mediacode: context.mediacode,
          dates: context.dates,
          quantity: context.quantity ?? 0,
        }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepQuote', params: ({ event }) => ({ quote: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The price of what is chosen now: it can go into the cart. */
    ready: {},
    failed: {},
  },
});

export type QuoteMachine = typeof quoteMachine;
export type QuoteSnapshot = SnapshotFrom<QuoteMachine>;

/** What the panel shows: a prompt, a price (perhaps the previous one, while the next loads), or why not. */
export type QuoteStatus = 'idle' | 'pending' | 'ready' | 'failed';

export const selectQuoteStatus = (s: QuoteSnapshot): QuoteStatus =>
  s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : s.hasTag('pending') ? 'pending' : 'idle';
export const selectShownQuote = (s: QuoteSnapshot): Quote | null => s.context.quote;
export const selectQuoteError = (s: QuoteSnapshot): string | null => s.context.error;
export const selectChosenDates = (s: QuoteSnapshot): readonly string[] => s.context.dates;
export const selectChosenQuantity = (s: QuoteSnapshot): number | null => s.context.quantity;
