import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { HomeKnown, MarketPreferences } from '../../contract/platform';
import {
  selectCurrentAnswer,
  selectRequestError,
  selectRequestStatus,
} from '../../machines/request/request.machine';
import type { Result } from '../../src/api/result';
import { knownHomeLogic } from '../../src/system/knownHome';
import { preferredPlaceLogic } from '../../src/system/places';
import { type CustomerWatcher, type SessionView, watchCustomer } from '../../src/system/requests';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

/** A session whose customer the test changes: who is signed in, and the way to say another is. */
function fakeCustomer(first: string | null) {
  let uuid = first;
  const listeners = new Set<(uuid: string | null) => void>();
  const watch: CustomerWatcher = (listener) => {
    listeners.add(listener);
    listener(uuid);
    return () => listeners.delete(listener);
  };
  const signIn = (next: string | null) => {
    uuid = next;
    for (const listener of listeners) listener(next);
  };
  return { watch, signIn, listening: () => listeners.size };
}

const ok = <T>(data: T): Result<T> => ({ ok: true, data, message: '' });
const refused = (message: string): Result<never> => ({ ok: false, message, fieldErrors: {}, status: 500 });

const kim: HomeKnown = {
  firstname: 'Kim',
  recent_views: [
    {
      mediacode: 'PM501-01',
      name: 'Chicago Magazine',
      media_type: 'print',
      market: 'Chicago, IL',
      viewed_at: '2027-01-11T09:00:00Z',
    },
  ],
  markets: [{ prodcode: 'MKT508', name: 'Chicago, IL', zip: '60601' }],
};
const lee: HomeKnown = { firstname: 'Lee', recent_views: [], markets: [] };

describe('the known customer’s home (GET /ui/home/known)', () => {
  function start(uuid: string | null) {
    const customer = fakeCustomer(uuid);
    const api = heldCalls<[], Result<HomeKnown>>();
    const actor = createActor(knownHomeLogic(customer.watch, { fetchHomeKnown: api.call }), {
      input: { key: uuid },
    }).start();
    const view = () => {
      const s = actor.getSnapshot();
      return { status: selectRequestStatus(s), known: selectCurrentAnswer(s), error: selectRequestError(s) };
    };
    return { customer, api, actor, view };
  }

  it('loads for the customer signed in, once', async () => {
    const { api, view } = start('u-1');
    expect(view().status).toBe('pending');
    expect(api.calls).toHaveLength(1);
    api.nth(0).answer(ok(kim));
    await flush();
    expect(view()).toEqual({ status: 'loaded', known: kim, error: null });
  });

  it('never shows another customer’s: a sign-in as someone else drops the answer on its way', async () => {
    const { customer, api, view } = start('u-1');
    customer.signIn('u-2');
    api.nth(0).answer(ok(kim));
    await flush();
    expect(view()).toEqual({ status: 'pending', known: null, error: null });
    api.nth(1).answer(ok(lee));
    await flush();
    expect(view().known).toEqual(lee);
    customer.signIn(null);
    expect(view()).toEqual({ status: 'idle', known: null, error: null });
  });

  it('shows the API’s sentence, or a plain one when the API cannot be reached; Try again loads again', async () => {
    const { api, actor, view } = start('u-1');
    api.nth(0).answer(refused('The home page is resting.'));
    await flush();
    expect(view()).toEqual({ status: 'failed', known: null, error: 'The home page is resting.' });
    actor.send({ type: 'request.retry' });
    api.nth(1).fail(new TypeError('Failed to fetch'));
    await flush();
    expect(view().error).toBe('Your recent activity could not be loaded.');
    actor.send({ type: 'request.retry' });
    api.nth(2).answer(ok(kim));
    await flush();
    expect(view()).toEqual({ status: 'loaded', known: kim, error: null });
  });

  it('stops following the session when its actor stops', () => {
    const { customer, actor } = start('u-1');
    expect(customer.listening()).toBe(1);
    actor.stop();
    expect(customer.listening()).toBe(0);
  });
});

describe('the preferred place (GET /market/preferences/{uuid}), preselected in the picker', () => {
  const market = (zip: string, label: string) => ({
    prodcode: 'MKT508',
    name: 'Chicago',
    state: 'IL',
    zip,
    label,
  });

  function start(uuid: string | null) {
    const customer = fakeCustomer(uuid);
    const api = heldCalls<[string], Result<MarketPreferences>>();
    const warned: unknown[][] = [];
    const env = { log: { warn: (...args: unknown[]) => warned.push(args), error: () => {} } };
    const actor = createActor(
      preferredPlaceLogic({ env }, customer.watch, { fetchMarketPreferences: api.call }),
      {
        input: { key: null },
      },
    ).start();
    const place = () => selectCurrentAnswer(actor.getSnapshot());
    return { customer, api, warned, place };
  }

  it('asks nothing for a visitor, then the first market of the customer who signs in', async () => {
    const { customer, api, place } = start(null);
    expect(api.calls).toEqual([]);
    customer.signIn('u-1');
    expect(api.asked()).toEqual([['u-1']]);
    api
      .nth(0)
      .answer(ok({ markets: [market('60601', 'Chicago, IL 60601'), market('60614', 'Lincoln Park')] }));
    await flush();
    expect(place()).toEqual({ zip: '60601', label: 'Chicago, IL 60601' });
    customer.signIn(null);
    expect(place()).toBe(null);
  });

  it('preselects nothing when the customer has no market, or when the request fails (logged)', async () => {
    const { customer, api, warned, place } = start('u-1');
    api.nth(0).answer(ok({ markets: [] }));
    await flush();
    expect(place()).toBe(null);
    customer.signIn('u-2');
    api.nth(1).answer(refused('Forbidden.'));
    await flush();
    expect(place()).toBe(null);
    expect(warned).toHaveLength(1);
    expect(String(warned[0]?.[1])).toContain('Forbidden.');
  });
});

describe('watchCustomer: the session’s customer as a key source', () => {
  it('calls back at once, then only when the uuid changes', () => {
    let userData: { uuid?: string } | null = null;
    const subscribers = new Set<() => void>();
    const session: SessionView = {
      getSnapshot: () => ({ context: { userData } }),
      subscribe: (listener) => {
        subscribers.add(listener);
        return { unsubscribe: () => subscribers.delete(listener) };
      },
    };
    const heard: Array<string | null> = [];
    const stop = watchCustomer(session)((uuid) => heard.push(uuid));
    const change = (next: { uuid?: string } | null) => {
      userData = next;
      for (const subscriber of subscribers) subscriber();
    };
    change(null);
    change({ uuid: 'u-1' });
    change({ uuid: 'u-1' });
    change({});
    stop();
    change({ uuid: 'u-2' });
    expect(heard).toEqual([null, 'u-1', null]);
    expect(subscribers.size).toBe(0);
  });
});
