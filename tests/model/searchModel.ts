import { createMachine } from 'xstate';
import { modelKit } from './modelKit';

/**
 * The abstract model of site search in the drawer (opened from the header's Search button): what a
 * person sees of it, and the stimuli that change it. The search service is part of the world: it
 * answers, answers with nothing, answers late (an older query first) or fails (and Try again may fail
 * too); the clock passes the 200 ms after which the drawer says it is still searching. No effects, no
 * timers.
 */
export const searchModel = createMachine({
  id: 'search-model',
  initial: 'closed',
  states: {
    /** The drawer is not shown. */
    closed: { on: { 'user.opensSearch': 'empty' } },
    /** The drawer is open with an empty box: no hits, no message. */
    empty: {
      on: {
        'user.types': 'waiting',
        'user.closes': 'closed',
      },
    },
    /** Text typed, its answer not in yet, and less than 200 ms gone: no message about it yet. */
    waiting: {
      on: {
        'server.answers': 'results',
        'server.answersNothing': 'noMatch',
        'server.fails': 'failed',
        'clock.passes200ms': 'stalled',
        'user.clears': 'empty',
      },
    },
    /** No answer 200 ms after the last keystroke: "Searching…". */
    stalled: {
      on: {
        // An answer to an earlier text does not end the wait for the current one.
        'server.answersOlderQuery': 'stalled',
        'server.answers': 'results',
        'server.fails': 'failed',
      },
    },
    /** Hits listed, and "N results for “text”". */
    results: {
      on: {
        'user.types': 'waiting',
        'user.turnsOnPlacesOnly': 'placesOnly',
        'user.choosesPlace': 'atPlace',
      },
    },
    /** "Places only" is on: the hits are places only. */
    placesOnly: {
      on: {
        'user.turnsOffPlacesOnly': 'results',
        'user.choosesPlace': 'atPlace',
      },
    },
    /** "Nothing matches “text”", and no hits. */
    noMatch: { on: { 'user.clears': 'empty' } },
    /** "Search is unavailable right now." with Try again, and no hits. */
    failed: {
      on: {
        'user.retries': 'retrying',
        // The next change after a failure is a new search, with the text and the filter as they are.
        'user.types': 'waiting',
        'user.clears': 'empty',
      },
    },
    /** Try again pressed: the search for the box's text has left again, and no failure is shown. */
    retrying: {
      on: {
        'server.answers': 'results',
        'server.fails': 'stillFailed',
      },
    },
    /** Try again failed too: "Search is still unavailable…", with Try again, and no hits. */
    stillFailed: {
      on: {
        'user.retries': 'retrying',
        'user.clears': 'empty',
      },
    },
    /** A place was chosen: the drawer is gone, the shop is open at its zip code, which is stored. */
    atPlace: {},
  },
});

export const search = modelKit(searchModel);
