import { assign, setup } from 'xstate';
import type { SearchHit } from '../../contract/search';

/** A hit as far as choosing it goes: where it leads, and the zip a location hit opens the shop with. */
export type ChosenHit = Pick<SearchHit, 'objectID' | 'type' | 'url' | 'zip' | 'text'>;

export type SearchDrawerEvent =
  | { type: 'search.open' }
  | { type: 'search.close' }
  /** The text in the search box changed (typed, pasted or cleared). */
  | { type: 'search.typed'; query: string }
  /** The results for a query, with "Places only" on or off, were rendered. */
  | { type: 'search.resultsArrived'; query: string; locationsOnly: boolean }
  | { type: 'search.hitChosen'; hit: ChosenHit }
  /** Escape or a click elsewhere closes the dropdown and keeps the text. */
  | { type: 'search.dismissed' }
  /** The arrow keys (or a click) in the box bring a dismissed dropdown back, when there is text. */
  | { type: 'search.dropdownOpened' }
  | { type: 'search.locationsOnlyToggled' }
  /** The search for the box's text failed (the list says so, with Try again). */
  | { type: 'search.failed' }
  /** Try again, after a failed search. */
  | { type: 'search.retry' };

export interface SearchDrawerContext {
  query: string;
  /** The optional filter that shows only location hits. */
  locationsOnly: boolean;
  /**
   * How many times the search client started afresh. After a failure the search client goes back to
   * the last answered text and filter (those of the failed search are lost), so Try again and the
   * next change after a failure search from a fresh start, with the box's text and the filter as
   * they are.
   */
  freshStarts: number;
  /** Try again presses for the search in the box (another search starts from none). */
  retries: number;
}

const isBlank = (query: string) => query.trim() === '';

// The typed text, or the query results answer, as the guards and actions take it.
const typedQuery = ({ event }: { event: { query: string } }) => ({ query: event.query });
const IS_BLANK = { type: 'isBlank', params: typedQuery } as const;
const HAS_TYPED_TEXT = { type: 'hasTypedText', params: typedQuery } as const;
const IS_FOR_CURRENT_SEARCH = {
  type: 'isForCurrentSearch',
  params: ({ event }: { event: { query: string; locationsOnly: boolean } }) => ({
    query: event.query,
    locationsOnly: event.locationsOnly,
  }),
} as const;
const SET_QUERY = { type: 'setQuery', params: typedQuery } as const;
/** A failure says whether Try again had been pressed for this search. */
const FAILED = [
  { guard: 'hasRetried', target: 'failed.stillUnavailable' },
  { target: 'failed.unavailable' },
] as const;
/** Another search (other text or another filter): its failure is news, not a repeat. */
const NEW_SEARCH = 'forgetRetries';
/** A change after a failure: the search client starts afresh with it. */
const AFTER_FAILURE = ['startAfresh', NEW_SEARCH] as const;

/**
 * Site search (SPEC section 4): the drawer is open or closed; the inline dropdown opens when the user
 * types and closes on choosing a hit; clearing the text also clears the stored zip; a search is marked
 * stalled after 200 ms without results; a failed search says so with Try again, and a failed Try again
 * says search is still unavailable.
 */
export const searchDrawerMachine = setup({
  types: { context: {} as SearchDrawerContext, events: {} as SearchDrawerEvent },
  actions: {
    // Effects, supplied in src/system. Loading the search code is idempotent (a cached import).
    loadSearchCode: () => {},
    clearStoredZip: () => {},
    followHit: (_, _params: { hit: ChosenHit }) => {},
    setQuery: assign((_, params: { query: string }) => ({ query: params.query })),
    toggleLocationsOnly: assign({ locationsOnly: ({ context }) => !context.locationsOnly }),
    startAfresh: assign({ freshStarts: ({ context }) => context.freshStarts + 1 }),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    forgetRetries: assign({ retries: 0 }),
  },
  guards: {
    isBlank: (_, params: { query: string }) => isBlank(params.query),
    hasTypedText: (_, params: { query: string }) => !isBlank(params.query),
    /** There is text in the box: a dismissed dropdown has hits to show again. */
    hasQuery: ({ context }) => !isBlank(context.query),
    /** An answer for the text in the box, with the filter as it is now. */
    isForCurrentSearch: ({ context }, params: { query: string; locationsOnly: boolean }) =>
      params.query.trim() === context.query.trim() && params.locationsOnly === context.locationsOnly,
    /** Try again was pressed for this search: a failure now is a repeat. */
    hasRetried: ({ context }) => context.retries > 0,
  },
  delays: { stalledSearch: 200 },
}).createMachine({
  id: 'searchDrawer',
  type: 'parallel',
  context: { query: '', locationsOnly: false, freshStarts: 0, retries: 0 },
  states: {
    drawer: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'search.open': { target: 'open', actions: 'loadSearchCode' },
            // A hit chosen in the inline dropdown (the drawer is closed).
            'search.hitChosen': {
              actions: { type: 'followHit', params: ({ event }) => ({ hit: event.hit }) },
            },
          },
        },
        open: {
          on: {
            'search.close': 'closed',
            // Choosing a hit leaves the page for the hit's: the drawer closes with it.
            'search.hitChosen': {
              target: 'closed',
              actions: { type: 'followHit', params: ({ event }) => ({ hit: event.hit }) },
            },
          },
        },
      },
    },
    dropdown: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'search.dropdownOpened': { guard: 'hasQuery', target: 'open' },
            'search.typed': [
              // Clearing the text also clears the zip (SPEC section 4).
              { guard: IS_BLANK, actions: [SET_QUERY, 'clearStoredZip'] },
              { target: 'open', actions: [SET_QUERY, 'loadSearchCode'] },
            ],
          },
        },
        open: {
          on: {
            'search.typed': [
              { guard: IS_BLANK, target: 'closed', actions: [SET_QUERY, 'clearStoredZip'] },
              { actions: SET_QUERY },
            ],
            // Following the hit is the drawer region's job (it runs once, open or closed).
            'search.hitChosen': 'closed',
            'search.dismissed': 'closed',
            'search.close': 'closed',
          },
        },
      },
    },
    results: {
      initial: 'idle',
      states: {
        /** Nothing to search for: the box is empty. */
        idle: {
          on: {
            'search.typed': { guard: HAS_TYPED_TEXT, target: 'searching', actions: NEW_SEARCH },
            // No text, no search: the filter is kept for the next one. (The results region keeps the
            // filter: it is the one that searches with it.)
            'search.locationsOnlyToggled': { actions: 'toggleLocationsOnly' },
          },
        },
        /** The answer for the text in the box, with the filter as it is, is shown. */
        answered: {
          on: {
            'search.typed': [
              { guard: IS_BLANK, target: 'idle', actions: NEW_SEARCH },
              { target: 'searching', actions: NEW_SEARCH },
            ],
            // The filter changes the search: the hits on screen answer the other one.
            'search.locationsOnlyToggled': {
              target: 'searching',
              actions: ['toggleLocationsOnly', NEW_SEARCH],
            },
            // The client searched again by itself (the visitor's market changed the ranking) and that
            // failed: the hits on screen are no longer the answer. A search of its own, not a retry.
            'search.failed': { target: 'failed.unavailable', actions: NEW_SEARCH },
          },
        },
        searching: {
          tags: ['searching'],
          after: { stalledSearch: 'stalled' },
          on: {
            'search.resultsArrived': { guard: IS_FOR_CURRENT_SEARCH, target: 'answered' },
            'search.failed': FAILED,
            'search.typed': [
              { guard: IS_BLANK, target: 'idle', actions: NEW_SEARCH },
              // Every keystroke is a new search: the 200 ms start again.
              { target: 'searching', reenter: true, actions: NEW_SEARCH },
            ],
            'search.locationsOnlyToggled': {
              target: 'searching',
              reenter: true,
              actions: ['toggleLocationsOnly', NEW_SEARCH],
            },
          },
        },
        /** No results 200 ms after the last keystroke: the UI says it is still searching. */
        stalled: {
          tags: ['searching', 'stalled'],
          on: {
            // Still searching, and still saying so.
            'search.locationsOnlyToggled': { actions: ['toggleLocationsOnly', NEW_SEARCH] },
            'search.resultsArrived': { guard: IS_FOR_CURRENT_SEARCH, target: 'answered' },
            'search.failed': FAILED,
            'search.typed': [
              { guard: IS_BLANK, target: 'idle', actions: NEW_SEARCH },
              { target: 'searching', actions: NEW_SEARCH },
            ],
          },
        },
        /** The search failed: no hits, the failure said, and Try again. */
        failed: {
          tags: ['failed'],
          initial: 'unavailable',
          states: {
            /** "Search is unavailable right now." */
            unavailable: {},
            /** A Try again failed too: "Search is still unavailable." */
            stillUnavailable: {},
          },
          on: {
            // A fresh start for the same search: the 200 ms start again.
            'search.retry': { target: 'searching', actions: ['startAfresh', 'countRetry'] },
            'search.typed': [
              { guard: IS_BLANK, target: 'idle', actions: AFTER_FAILURE },
              { target: 'searching', actions: AFTER_FAILURE },
            ],
            'search.locationsOnlyToggled': {
              target: 'searching',
              actions: ['toggleLocationsOnly', ...AFTER_FAILURE],
            },
            // An older search failed while the current one was on its way, and the current one answered.
            'search.resultsArrived': { guard: IS_FOR_CURRENT_SEARCH, target: 'answered' },
          },
        },
      },
    },
  },
});

export type SearchDrawerMachine = typeof searchDrawerMachine;
