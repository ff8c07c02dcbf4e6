import { and, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { Cart } from '../../contract/cart';
import type { AbdmQuote, AbdmRates } from '../../contract/directMail';
import { COMMIT_TIMEOUT_MS } from '../failures';
import {
  type AbdmContext,
  type AbdmEvent,
  type AbdmFailure,
  addNotAnswered,
  failureOf,
  zipcodesIn,
} from './abdm.types';

export type * from './abdm.types';
export { AbdmRefusal } from './abdm.types';

/** Get quote: for a list and at least one zip code; the form's last failure is cleared. */
const QUOTE_REQUEST = {
  guard: and(['hasList', 'hasZipcodes']),
  target: 'quoting',
  actions: 'clearFailure',
} as const;

/**
 * Audience-based direct mail (SPEC section 7): a postcard to the households of one mailing list in
 * the zip codes chosen. The lists around the shop's zip code (GET /abdm/rates), a quote of the form
 * (POST /abdm/campaign/quote) with the weeks the mail can go out, and the mailing into the cart
 * (POST /abdm/campaign/create), whose answer replaces the cart.
 */
export const abdmMachine = setup({
  types: {
    context: {} as AbdmContext,
    events: {} as AbdmEvent,
    input: {} as { zip: string; productName: string },
  },
  actors: {
    /** GET /abdm/rates, around the zip code when there is one. */
    loadRates: fromPromise<AbdmRates, { zip: string }>(async () => {
      throw new Error('loadRates is supplied where the actor is created');
    }),
    /** Resolves with the quote, or rejects (an AbdmRefusal when the API names its reason and fields). */
    quoteMailing: fromPromise<AbdmQuote, { mediacode: string; zipcodes: string[] }>(async () => {
      throw new Error('quoteMailing is supplied where the actor is created');
    }),
    /** Resolves with the main cart, the mailing in it; the cart id is the session's when it starts. */
    addMailing: fromPromise<Cart, { mediacode: string; zipcodes: string[]; dateStart: string }>(async () => {
      throw new Error('addMailing is supplied where the actor is created');
    }),
  },
  actions: {
    keepRates: assign((_, params: { rates: AbdmRates }) => ({
      rates: params.rates,
      ratesError: null,
      mediacode: params.rates.rates[0]?.mediacode ?? '',
    })),
    showRatesFailure: assign((_, params: { error: unknown }) => ({
      ratesError: failureOf('Error fetching ABDM rates', params.error).message,
    })),
    clearRatesFailure: assign({ ratesError: null }),
    chooseList: assign((_, params: { mediacode: string }) => ({ mediacode: params.mediacode })),
    typeZipcodes: assign((_, params: { text: string }) => ({ zipcodes: params.text })),
    dropQuote: assign({ quote: null }),
    keepQuote: assign(({ context }, params: { quote: AbdmQuote }) => ({
      quote: params.quote,
      // The week chosen stays chosen while the mail can still go out that week.
      week: params.quote.drop_weeks.includes(context.week)
        ? context.week
        : (params.quote.drop_weeks[0] ?? ''),
    })),
    chooseWeek: assign((_, params: { week: string }) => ({ week: params.week })),
    clearFailure: assign({ failure: null }),
    showQuoteFailure: assign((_, params: { error: unknown }) => ({
      quote: null,
      failure: failureOf('Error fetching ABDM quote', params.error),
    })),
    showAddFailure: assign((_, params: { error: unknown }) => ({
      failure: failureOf('Error creating new ABDM campaign', params.error),
    })),
    showAddNotAnswered: assign(({ context }) => ({ failure: addNotAnswered(context.productName) })),
    // Effect, supplied where the actor is created: the cart takes the answered cart, and a toast says so.
    mailingAdded: (_, _params: { cart: Cart }) => {},
  },
  guards: {
    hasList: ({ context }) => context.mediacode !== '',
    hasZipcodes: ({ context }) => zipcodesIn(context.zipcodes).length > 0,
    isOtherList: ({ context }, params: { mediacode: string }) => params.mediacode !== context.mediacode,
    hasQuote: ({ context }) => context.quote !== null,
    meetsMinimum: ({ context }) => context.quote?.meets_minimum === true,
    hasWeek: ({ context }) => context.week !== '',
    isDropWeek: ({ context }, params: { week: string }) =>
      context.quote?.drop_weeks.includes(params.week) ?? false,
  },
  /** The longest an add is waited for: no answer by then is a failure, the quote kept. */
  delays: { commitTimeout: COMMIT_TIMEOUT_MS },
}).createMachine({
  id: 'abdm',
  context: ({ input }) => ({
    zip: input.zip,
    rates: null,
    ratesError: null,
    mediacode: '',
    zipcodes: input.zip,
    quote: null,
    week: '',
    failure: null,
    productName: input.productName,
  }),
  initial: 'loadingRates',
  states: {
    loadingRates: {
      tags: ['loadingRates'],
      invoke: {
        src: 'loadRates',
        input: ({ context }) => ({ zip: context.zip }),
        onDone: {
          target: 'ready',
          actions: { type: 'keepRates', params: ({ event }) => ({ rates: event.output }) },
        },
        onError: {
          target: 'ratesFailed',
          actions: { type: 'showRatesFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ratesFailed: { on: { 'abdm.retry': { target: 'loadingRates', actions: 'clearRatesFailure' } } },
    /** The lists are there: the form, its quote and the way into the cart. */
    ready: {
      initial: 'editing',
      // An edit makes the quote another form's: it is dropped, and a quote on its way is cancelled.
      on: {
        'abdm.listChosen': {
          guard: { type: 'isOtherList', params: ({ event }) => ({ mediacode: event.mediacode }) },
          target: '.editing',
          actions: [
            { type: 'chooseList', params: ({ event }) => ({ mediacode: event.mediacode }) },
            'dropQuote',
          ],
        },
        'abdm.zipcodesChanged': {
          target: '.editing',
          actions: [{ type: 'typeZipcodes', params: ({ event }) => ({ text: event.text }) }, 'dropQuote'],
        },
      },
      states: {
        editing: {
          on: {
            'abdm.quoteRequested': QUOTE_REQUEST,
          },
        },
        quoting: {
          tags: ['quoting'],
          invoke: {
            src: 'quoteMailing',
            input: ({ context }) => ({
              mediacode: context.mediacode,
              zipcodes: zipcodesIn(context.zipcodes),
            }),
            onDone: {
              target: 'quoted',
              actions: { type: 'keepQuote', params: ({ event }) => ({ quote: event.output }) },
            },
            onError: {
              target: 'editing',
              actions: { type: 'showQuoteFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        /** The quote of the form as it is: its households, its price and its drop weeks. */
        quoted: {
          on: {
            'abdm.quoteRequested': QUOTE_REQUEST,
            'abdm.weekChosen': {
              guard: { type: 'isDropWeek', params: ({ event }) => ({ week: event.week }) },
              actions: { type: 'chooseWeek', params: ({ event }) => ({ week: event.week }) },
            },
            'abdm.addRequested': {
              guard: and(['hasQuote', 'meetsMinimum', 'hasWeek']),
              target: 'adding',
              actions: 'clearFailure',
            },
          },
        },
        adding: {
          // A commit: the API may add the mailing whatever happens here, so its answer is taken and
          // handed to the cart (the panel closing waits for it) until commitTimeout: then the add
          // failed as far as the panel knows, the quote kept.
          tags: ['adding', 'committing'],
          after: {
            commitTimeout: [
              { guard: 'hasQuote', target: 'quoted', actions: 'showAddNotAnswered' },
              { target: 'editing', actions: 'showAddNotAnswered' },
            ],
          },
          // Edits meanwhile are applied at once; the add carries on with what was quoted (the API may
          // already have added it), and its answer is the cart's either way.
          on: {
            'abdm.listChosen': {
              guard: { type: 'isOtherList', params: ({ event }) => ({ mediacode: event.mediacode }) },
              actions: [
                { type: 'chooseList', params: ({ event }) => ({ mediacode: event.mediacode }) },
                'dropQuote',
              ],
            },
            'abdm.zipcodesChanged': {
              actions: [{ type: 'typeZipcodes', params: ({ event }) => ({ text: event.text }) }, 'dropQuote'],
            },
          },
          invoke: {
            src: 'addMailing',
            input: ({ context }) => ({
              mediacode: context.quote?.mediacode ?? context.mediacode,
              zipcodes: context.quote?.zipcodes.map((z) => z.zip) ?? [],
              dateStart: context.week,
            }),
            onDone: [
              {
                guard: 'hasQuote',
                target: 'quoted',
                actions: { type: 'mailingAdded', params: ({ event }) => ({ cart: event.output }) },
              },
              {
                target: 'editing',
                actions: { type: 'mailingAdded', params: ({ event }) => ({ cart: event.output }) },
              },
            ],
            onError: [
              {
                guard: 'hasQuote',
                target: 'quoted',
                actions: { type: 'showAddFailure', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'editing',
                actions: { type: 'showAddFailure', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
      },
    },
  },
});

export type AbdmMachine = typeof abdmMachine;
export type AbdmSnapshot = SnapshotFrom<AbdmMachine>;

export const selectRates = (s: AbdmSnapshot): AbdmRates | null => s.context.rates;
export const selectRatesError = (s: AbdmSnapshot): string | null => s.context.ratesError;
export const selectLoadingRates = (s: AbdmSnapshot): boolean => s.hasTag('loadingRates');
export const selectChosenList = (s: AbdmSnapshot): string => s.context.mediacode;
export const selectZipcodes = (s: AbdmSnapshot): string => s.context.zipcodes;
export const selectAbdmQuote = (s: AbdmSnapshot): AbdmQuote | null => s.context.quote;
export const selectChosenWeek = (s: AbdmSnapshot): string => s.context.week;
export const selectAbdmFailure = (s: AbdmSnapshot): AbdmFailure | null => s.context.failure;
export const selectQuoting = (s: AbdmSnapshot): boolean => s.hasTag('quoting');
export const selectAdding = (s: AbdmSnapshot): boolean => s.hasTag('adding');
/** The form can be quoted now: a list, at least one zip code, and nothing on its way. */
export const selectCanQuote = (s: AbdmSnapshot): boolean => s.can({ type: 'abdm.quoteRequested' });
/** The quote can go into the cart now: it meets the minimum, a week is chosen, nothing on its way. */
export const selectCanAdd = (s: AbdmSnapshot): boolean => s.can({ type: 'abdm.addRequested' });
