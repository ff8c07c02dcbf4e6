import { type Actor, createActor, type InspectionEvent, SimulatedClock } from 'xstate';
import type { ChosenHit } from '../../machines/searchDrawer/searchDrawer.machine';
import { searchDrawerMachine } from '../../machines/searchDrawer/searchDrawer.machine';
import { hitDestination } from '../../src/system/search';
import { type HeldCall, heldCalls } from '../machines/heldCalls';
import { flush } from '../machines/sessionHarness';
import type { ModelParams } from './modelKit';
import type { searchModel } from './searchModel';

/** What the fake search service holds: a few places and titles. */
const INDEX: ChosenHit[] = [
  {
    objectID: 'city-chicago-il',
    type: 'location',
    url: '/shop?zip=60601',
    zip: '60601',
    text: 'Chicago, IL',
  },
  {
    objectID: 'zip-60601',
    type: 'location',
    url: '/shop?zip=60601',
    zip: '60601',
    text: '60601 Chicago, IL',
  },
  {
    objectID: 'media-CHI-1',
    type: 'printmag',
    url: '/shop/magazines/CHI-1',
    zip: null,
    text: 'Chicago Magazine',
  },
  { objectID: 'media-CHI-2', type: 'tv', url: '/shop/tv/CHI-2', zip: null, text: 'Chicago Tonight' },
];

const matches = (query: string, locationsOnly: boolean) =>
  INDEX.filter(
    (hit) =>
      hit.text.toLowerCase().includes(query.trim().toLowerCase()) &&
      (!locationsOnly || hit.type === 'location'),
  );

/** What each `user.types` types, one keystroke at a time (each keystroke is a search). */
const TYPED = ['chic', 'chicago'];

interface Request {
  query: string;
  locationsOnly: boolean;
}

/**
 * Adapter (a) of the search model: the real search drawer machine, a fake search service whose
 * answers the test gives (or refuses), and a simulated clock. The world plays the page's part as
 * the app does: each keystroke sends a search, an answer is shown and reported to the machine
 * (`search.resultsArrived`), a failure is shown with Try again. Each model state is checked on the
 * machine's snapshot and on what the world shows.
 */
export class SearchWorld {
  private readonly clock = new SimulatedClock();
  private readonly service = heldCalls<[Request], ChosenHit[]>();
  private readonly actor: Actor<typeof searchDrawerMachine>;
  private answered = new Set<HeldCall<[Request], ChosenHit[]>>();
  /** What the page shows: the last answer (its query and hits), or the query whose search failed. */
  private shown: { query: string; hits: ChosenHit[] } | null = null;
  private failedQuery: string | null = null;
  private loads = 0;
  private storedZip = '60614';
  private location = '/';
  private readonly followed: ChosenHit[] = [];
  private typings = 0;
  /** The machine's fresh starts of the search client when Try again was pressed. */
  private freshStartsAtFailure = 0;

  constructor(inspect?: (event: InspectionEvent) => void) {
    const machine = searchDrawerMachine.provide({
      actions: {
        loadSearchCode: () => {
          this.loads += 1;
        },
        clearStoredZip: () => {
          this.storedZip = '';
        },
        followHit: (_, { hit }) => {
          this.followed.push(hit);
          const destination = hitDestination(hit, 'https://adlane.test');
          if (destination.kind === 'shop') this.storedZip = destination.zip;
          if (destination.kind !== 'offSite') this.location = destination.path;
        },
      },
    });
    this.actor = createActor(machine, { clock: this.clock, inspect }).start();
  }

  private get snapshot() {
    return this.actor.getSnapshot();
  }

  private get query() {
    return this.snapshot.context.query;
  }

  /** The page searches for the box's text (nothing is searched for an empty box). */
  private searchNow() {
    const { query, locationsOnly } = this.snapshot.context;
    if (query.trim() === '') return;
    this.failedQuery = null;
    const call = this.service.calls.length;
    void this.service.call({ query, locationsOnly }).then(
      (hits) => {
        this.shown = { query, hits };
        this.actor.send({ type: 'search.resultsArrived', query, locationsOnly });
      },
      () => {
        // The page shows the failure and tells the machine, which says what the list shows.
        this.failedQuery = query;
        this.actor.send({ type: 'search.failed' });
      },
    );
    return call;
  }

  /** The newest search not yet answered, which must be for the box's text. */
  private latest() {
    const call = this.service.calls.at(-1);
    if (!call || this.answered.has(call)) throw new Error('No search is waiting for an answer.');
    return call;
  }

  private async answer(call: HeldCall<[Request], ChosenHit[]>, hits: ChosenHit[] | Error) {
    this.answered.add(call);
    if (hits instanceof Error) call.fail(hits);
    else call.answer(hits);
    await flush();
  }

  private async type(text: string) {
    const start = this.query.trim() === '' ? '' : this.query;
    for (let i = start.length + 1; i <= text.length; i++) {
      this.actor.send({ type: 'search.typed', query: text.slice(0, i) });
      this.searchNow();
    }
  }

  private expect(condition: boolean, what: string) {
    if (!condition) {
      throw new Error(
        `${what}; the drawer is ${JSON.stringify(this.snapshot.value)} for “${this.query}”, showing ${JSON.stringify(this.shown)}${this.failedQuery ? `, failed for “${this.failedQuery}”` : ''}`,
      );
    }
  }

  private expectOpenWithText() {
    this.expect(this.snapshot.matches({ drawer: 'open' }), 'Expected the drawer open');
    this.expect(this.query.trim() !== '', 'Expected text in the box');
    this.expect(this.loads > 0, 'Expected the search code loaded');
  }

  /** The current text's answer is shown, nothing is awaited, and it has hits. */
  private expectAnswered(locationsOnly: boolean) {
    this.expectOpenWithText();
    this.expect(!this.snapshot.hasTag('searching'), 'Expected the search over');
    this.expect(this.failedQuery === null, 'Expected no failure shown');
    this.expect(
      this.snapshot.context.locationsOnly === locationsOnly,
      `Expected Places only ${locationsOnly}`,
    );
    this.expect(this.shown?.query.trim() === this.query.trim(), 'Expected the answer to the box’s text');
  }

  params(): ModelParams<typeof searchModel> {
    return {
      states: {
        closed: () => {
          this.expect(this.snapshot.matches({ drawer: 'closed' }), 'Expected the drawer closed');
          this.expect(this.followed.length === 0, 'Expected no hit followed');
        },
        empty: () => {
          this.expect(this.snapshot.matches({ drawer: 'open' }), 'Expected the drawer open');
          this.expect(this.loads > 0, 'Expected the search code loaded');
          this.expect(this.query.trim() === '', 'Expected an empty box');
          this.expect(!this.snapshot.hasTag('searching'), 'Expected no search under way');
          this.expect(!this.snapshot.hasTag('failed'), 'Expected no failure');
        },
        waiting: () => {
          this.expectOpenWithText();
          this.expect(this.snapshot.hasTag('searching'), 'Expected a search under way');
          this.expect(!this.snapshot.hasTag('stalled'), 'Expected the search not (yet) stalled');
          this.expect(this.latest().args[0].query === this.query, 'Expected a search for the box’s text');
        },
        stalled: () => {
          this.expectOpenWithText();
          this.expect(this.snapshot.hasTag('stalled'), 'Expected the search marked stalled');
          this.expect(this.latest().args[0].query === this.query, 'Expected a search for the box’s text');
        },
        results: () => {
          this.expectAnswered(false);
          this.expect((this.shown?.hits.length ?? 0) > 0, 'Expected hits');
        },
        placesOnly: () => {
          this.expectAnswered(true);
          const hits = this.shown?.hits ?? [];
          this.expect(
            hits.length > 0 && hits.every((hit) => hit.type === 'location'),
            'Expected places only',
          );
        },
        noMatch: () => {
          this.expectAnswered(false);
          this.expect(this.shown?.hits.length === 0, 'Expected no hits');
        },
        failed: () => this.expectFailed('unavailable'),
        retrying: () => {
          this.expectOpenWithText();
          this.expect(this.failedQuery === null, 'Expected no failure shown');
          this.expect(this.snapshot.hasTag('searching'), 'Expected a search under way');
          this.expect(this.snapshot.context.retries > 0, 'Expected Try again counted');
          this.expect(
            this.snapshot.context.freshStarts > this.freshStartsAtFailure,
            'Expected the search client started afresh',
          );
          this.expect(this.latest().args[0].query === this.query, 'Expected a search for the box’s text');
        },
        stillFailed: () => this.expectFailed('stillUnavailable'),
        atPlace: () => {
          this.expect(
            this.snapshot.matches({ drawer: 'closed', dropdown: 'closed' }),
            'Expected the drawer and dropdown closed',
          );
          const place = this.followed.at(-1);
          this.expect(
            this.followed.length === 1 && place?.type === 'location',
            'Expected one place followed',
          );
          this.expect(
            this.storedZip === place?.zip,
            `Expected the zip ${place?.zip} stored, not ${this.storedZip}`,
          );
          this.expect(
            this.location === `/shop?zip=${place?.zip}`,
            `Expected the shop at its zip, at ${this.location}`,
          );
        },
      },
      events: {
        'user.opensSearch': () => {
          this.actor.send({ type: 'search.open' });
        },
        'user.closes': () => {
          this.actor.send({ type: 'search.close' });
        },
        'user.types': () => this.type(TYPED[this.typings++ % TYPED.length] ?? 'chic'),
        'user.clears': () => {
          this.actor.send({ type: 'search.typed', query: '' });
          this.shown = null;
          this.failedQuery = null;
        },
        'server.answers': () => {
          const call = this.latest();
          return this.answer(call, matches(call.args[0].query, call.args[0].locationsOnly));
        },
        'server.answersNothing': () => this.answer(this.latest(), []),
        'server.answersOlderQuery': () => {
          const older = this.service.calls.find((call) => !this.answered.has(call) && call !== this.latest());
          if (!older) throw new Error('No older search is waiting.');
          return this.answer(older, matches(older.args[0].query, false));
        },
        'server.fails': () => this.answer(this.latest(), new Error('503 Service Unavailable')),
        'clock.passes200ms': () => {
          this.clock.increment(200);
        },
        'user.turnsOnPlacesOnly': () => this.toggleAndAnswer(),
        'user.turnsOffPlacesOnly': () => this.toggleAndAnswer(),
        'user.choosesPlace': () => {
          const place = this.shown?.hits.find((hit) => hit.type === 'location');
          if (!place) throw new Error('No place listed to choose.');
          this.actor.send({ type: 'search.hitChosen', hit: place });
        },
        'user.retries': () => {
          this.freshStartsAtFailure = this.snapshot.context.freshStarts;
          this.actor.send({ type: 'search.retry' });
          this.searchNow();
        },
      },
    };
  }

  /** The failure of the box's search is shown (the first, or a Try again's), and nothing is awaited. */
  private expectFailed(failure: 'unavailable' | 'stillUnavailable') {
    this.expectOpenWithText();
    this.expect(this.failedQuery === this.query, 'Expected the failure of the box’s search shown');
    this.expect(this.snapshot.matches({ results: { failed: failure } }), `Expected the search ${failure}`);
    this.expect(!this.snapshot.hasTag('searching'), 'Expected no search under way');
  }

  /** The filter changes the search: the page searches again and the service answers. */
  private async toggleAndAnswer() {
    this.actor.send({ type: 'search.locationsOnlyToggled' });
    this.searchNow();
    const call = this.latest();
    await this.answer(call, matches(call.args[0].query, call.args[0].locationsOnly));
  }
}
