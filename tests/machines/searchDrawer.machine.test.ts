import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { type ChosenHit, searchDrawerMachine } from '../../machines/searchDrawer/searchDrawer.machine';

function start() {
  const calls: string[] = [];
  const clock = new SimulatedClock();
  const machine = searchDrawerMachine.provide({
    actions: {
      loadSearchCode: () => calls.push('loadSearchCode'),
      clearStoredZip: () => calls.push('clearStoredZip'),
      followHit: (_, { hit }) => calls.push(`followHit ${hit.objectID}`),
    },
  });
  const actor = createActor(machine, { clock });
  actor.start();
  const state = () =>
    actor.getSnapshot().value as { drawer: string; dropdown: string; results: string | { failed: string } };
  return { actor, calls, clock, state };
}

const chicago: ChosenHit = {
  objectID: 'city-chicago-il',
  type: 'location',
  url: '/shop?zip=60601',
  zip: '60601',
  text: 'Chicago, IL',
};

describe('search drawer (SPEC section 4)', () => {
  it('is open or closed, and loads the search code when first opened', () => {
    const { actor, calls, state } = start();
    expect(state().drawer).toBe('closed');
    actor.send({ type: 'search.open' });
    expect(state().drawer).toBe('open');
    expect(calls).toEqual(['loadSearchCode']);
    actor.send({ type: 'search.close' });
    expect(state().drawer).toBe('closed');
  });

  it('opens the inline dropdown when the user types, and closes it on choosing a hit', () => {
    const { actor, calls, state } = start();
    actor.send({ type: 'search.typed', query: 'chic' });
    expect(state().dropdown).toBe('open');
    expect(actor.getSnapshot().context.query).toBe('chic');
    expect(calls).toContain('loadSearchCode');
    actor.send({ type: 'search.hitChosen', hit: chicago });
    expect(state().dropdown).toBe('closed');
    expect(calls.at(-1)).toBe('followHit city-chicago-il');
  });

  it('choosing a hit in the drawer follows it once and closes the drawer', () => {
    const { actor, calls, state } = start();
    actor.send({ type: 'search.open' });
    actor.send({ type: 'search.typed', query: 'chic' });
    actor.send({ type: 'search.hitChosen', hit: chicago });
    expect(state()).toMatchObject({ drawer: 'closed', dropdown: 'closed' });
    expect(calls.filter((c) => c.startsWith('followHit'))).toEqual(['followHit city-chicago-il']);
  });

  it('clearing the text closes the dropdown and clears the stored zip', () => {
    const { actor, calls, state } = start();
    actor.send({ type: 'search.typed', query: 'chic' });
    actor.send({ type: 'search.typed', query: '   ' });
    expect(state().dropdown).toBe('closed');
    expect(calls).toContain('clearStoredZip');
    expect(actor.getSnapshot().context.query).toBe('   ');
  });

  it('Escape or a click elsewhere closes the dropdown and keeps the text', () => {
    const { actor, state } = start();
    actor.send({ type: 'search.typed', query: 'chic' });
    actor.send({ type: 'search.resultsArrived', query: 'chic', locationsOnly: false });
    actor.send({ type: 'search.dismissed' });
    expect(state().dropdown).toBe('closed');
    expect(actor.getSnapshot().context.query).toBe('chic');
    // The arrow keys bring it back with the same text (and no new search to wait for).
    actor.send({ type: 'search.dropdownOpened' });
    expect(state()).toMatchObject({ dropdown: 'open', results: 'answered' });
    actor.send({ type: 'search.typed', query: '' });
    actor.send({ type: 'search.dropdownOpened' });
    expect(state().dropdown).toBe('closed');
  });

  it('marks a search stalled after 200 ms without results, and each keystroke starts the 200 ms again', () => {
    const { actor, clock } = start();
    const stalled = () => actor.getSnapshot().hasTag('stalled');
    actor.send({ type: 'search.typed', query: 'c' });
    clock.increment(150);
    actor.send({ type: 'search.typed', query: 'ch' });
    clock.increment(150);
    expect(stalled()).toBe(false);
    clock.increment(50);
    expect(stalled()).toBe(true);
    // Results for an older query do not end the wait for the current one.
    actor.send({ type: 'search.resultsArrived', query: 'c', locationsOnly: false });
    expect(stalled()).toBe(true);
    actor.send({ type: 'search.resultsArrived', query: 'ch', locationsOnly: false });
    expect(stalled()).toBe(false);
    expect(actor.getSnapshot().hasTag('searching')).toBe(false);
  });

  it('results in time are never stalled', () => {
    const { actor, clock } = start();
    actor.send({ type: 'search.typed', query: 'chicago' });
    clock.increment(120);
    actor.send({ type: 'search.resultsArrived', query: 'chicago', locationsOnly: false });
    clock.increment(500);
    expect(actor.getSnapshot().hasTag('stalled')).toBe(false);
  });

  it('toggles the location-only filter', () => {
    const { actor } = start();
    actor.send({ type: 'search.locationsOnlyToggled' });
    expect(actor.getSnapshot().context.locationsOnly).toBe(true);
    expect(actor.getSnapshot().hasTag('searching')).toBe(false);
    actor.send({ type: 'search.locationsOnlyToggled' });
    expect(actor.getSnapshot().context.locationsOnly).toBe(false);
  });

  it('searches again when the filter changes under a query, and only its answer ends the wait', () => {
    const { actor, clock } = start();
    const stalled = () => actor.getSnapshot().hasTag('stalled');
    actor.send({ type: 'search.typed', query: 'chicago' });
    actor.send({ type: 'search.resultsArrived', query: 'chicago', locationsOnly: false });
    expect(actor.getSnapshot().hasTag('searching')).toBe(false);
    actor.send({ type: 'search.locationsOnlyToggled' });
    expect(actor.getSnapshot().context.locationsOnly).toBe(true);
    expect(actor.getSnapshot().hasTag('searching')).toBe(true);
    clock.increment(150);
    // Turned off and on again: the 200 ms start again.
    actor.send({ type: 'search.locationsOnlyToggled' });
    actor.send({ type: 'search.locationsOnlyToggled' });
    clock.increment(150);
    expect(stalled()).toBe(false);
    clock.increment(50);
    expect(stalled()).toBe(true);
    // The answer for the same text without the filter is not this search's.
    actor.send({ type: 'search.resultsArrived', query: 'chicago', locationsOnly: false });
    expect(stalled()).toBe(true);
    actor.send({ type: 'search.resultsArrived', query: 'chicago', locationsOnly: true });
    expect(actor.getSnapshot().hasTag('searching')).toBe(false);
  });
});

describe('a failed search (SPEC section 4)', () => {
  /** A search for “chicago” that failed, 50 ms after the keystroke. */
  function failed() {
    const started = start();
    started.actor.send({ type: 'search.typed', query: 'chicago' });
    started.clock.increment(50);
    started.actor.send({ type: 'search.failed' });
    return started;
  }
  const failure = (actor: ReturnType<typeof start>['actor']) => {
    const results = actor.getSnapshot().value.results;
    return typeof results === 'object' ? results.failed : null;
  };

  it('says search is unavailable, and is neither waiting nor stalled after it', () => {
    const { actor, clock } = failed();
    expect(failure(actor)).toBe('unavailable');
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().hasTag('searching')).toBe(false);
    clock.increment(500);
    expect(actor.getSnapshot().hasTag('stalled')).toBe(false);
  });

  it('Try again searches afresh, with the 200 ms again, and a second failure says it is still unavailable', () => {
    const { actor, clock } = failed();
    actor.send({ type: 'search.retry' });
    expect(actor.getSnapshot().context).toMatchObject({ freshStarts: 1, retries: 1 });
    expect(actor.getSnapshot().hasTag('searching')).toBe(true);
    clock.increment(199);
    expect(actor.getSnapshot().hasTag('stalled')).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('stalled')).toBe(true);
    actor.send({ type: 'search.failed' });
    expect(failure(actor)).toBe('stillUnavailable');
    // Try again from “still unavailable” starts afresh again, and its answer ends the failure.
    actor.send({ type: 'search.retry' });
    expect(actor.getSnapshot().context).toMatchObject({ freshStarts: 2, retries: 2 });
    actor.send({ type: 'search.resultsArrived', query: 'chicago', locationsOnly: false });
    expect(state(actor)).toBe('answered');
  });

  it('the next change after a failure searches afresh, and its failure is news again', () => {
    const { actor } = failed();
    actor.send({ type: 'search.retry' });
    actor.send({ type: 'search.failed' });
    actor.send({ type: 'search.typed', query: 'chicago ' });
    expect(actor.getSnapshot().context).toMatchObject({ freshStarts: 2, retries: 0 });
    expect(actor.getSnapshot().hasTag('searching')).toBe(true);
    actor.send({ type: 'search.failed' });
    expect(failure(actor)).toBe('unavailable');
    // The filter is a change too.
    actor.send({ type: 'search.locationsOnlyToggled' });
    expect(actor.getSnapshot().context).toMatchObject({ freshStarts: 3, retries: 0, locationsOnly: true });
    expect(actor.getSnapshot().hasTag('searching')).toBe(true);
    actor.send({ type: 'search.failed' });
    // Clearing the box ends it: nothing to search for, and the next text starts afresh.
    actor.send({ type: 'search.typed', query: '' });
    expect(state(actor)).toBe('idle');
    expect(actor.getSnapshot().context.freshStarts).toBe(4);
  });

  it('a change after Try again makes the next failure news: “still unavailable” follows a failed Try again only', () => {
    const { actor, clock } = failed();
    actor.send({ type: 'search.retry' });
    clock.increment(200);
    actor.send({ type: 'search.typed', query: 'chicago i' });
    expect(actor.getSnapshot().context.retries).toBe(0);
    actor.send({ type: 'search.failed' });
    expect(failure(actor)).toBe('unavailable');
    actor.send({ type: 'search.retry' });
    actor.send({ type: 'search.locationsOnlyToggled' });
    actor.send({ type: 'search.failed' });
    expect(failure(actor)).toBe('unavailable');
    actor.send({ type: 'search.retry' });
    clock.increment(200);
    expect(actor.getSnapshot().hasTag('stalled')).toBe(true);
    actor.send({ type: 'search.locationsOnlyToggled' });
    actor.send({ type: 'search.failed' });
    expect(failure(actor)).toBe('unavailable');
  });

  it('an answer for the current search ends a failure of an older one; an older answer does not', () => {
    const { actor } = failed();
    actor.send({ type: 'search.resultsArrived', query: 'chic', locationsOnly: false });
    expect(failure(actor)).toBe('unavailable');
    actor.send({ type: 'search.resultsArrived', query: 'chicago', locationsOnly: false });
    expect(state(actor)).toBe('answered');
    expect(actor.getSnapshot().context.freshStarts).toBe(0);
  });

  it('a failure is not taken when the box is empty', () => {
    const { actor } = start();
    actor.send({ type: 'search.failed' });
    expect(state(actor)).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ freshStarts: 0, retries: 0 });
  });

  it('a search the client makes again by itself fails an answered search, said as a first failure', () => {
    const { actor } = start();
    actor.send({ type: 'search.typed', query: 'chicago' });
    actor.send({ type: 'search.failed' });
    actor.send({ type: 'search.retry' });
    actor.send({ type: 'search.resultsArrived', query: 'chicago', locationsOnly: false });
    expect(state(actor)).toBe('answered');
    // The visitor's market changed the ranking and the client searched again: that failed.
    actor.send({ type: 'search.failed' });
    expect(actor.getSnapshot().value.results).toEqual({ failed: 'unavailable' });
    actor.send({ type: 'search.retry' });
    expect(state(actor)).toBe('searching');
    expect(actor.getSnapshot().context).toMatchObject({ freshStarts: 2, retries: 1 });
  });

  it('in an answered search, clearing the box is idle and the filter searches again', () => {
    const { actor } = start();
    actor.send({ type: 'search.typed', query: 'chicago' });
    actor.send({ type: 'search.resultsArrived', query: 'chicago', locationsOnly: false });
    actor.send({ type: 'search.locationsOnlyToggled' });
    expect(actor.getSnapshot().hasTag('searching')).toBe(true);
    actor.send({ type: 'search.resultsArrived', query: 'chicago', locationsOnly: true });
    actor.send({ type: 'search.typed', query: 'chicago i' });
    expect(actor.getSnapshot().hasTag('searching')).toBe(true);
    actor.send({ type: 'search.resultsArrived', query: 'chicago i', locationsOnly: true });
    actor.send({ type: 'search.typed', query: '' });
    expect(state(actor)).toBe('idle');
  });
});

/** Where the results region is (a failure as `failed`). */
function state(actor: ReturnType<typeof start>['actor']) {
  const results = actor.getSnapshot().value.results;
  return typeof results === 'object' ? 'failed' : results;
}
