import { assign, fromCallback, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { messageOf } from '../failures';

export type RequestEvent<TKey> =
  /** What to load now: null when there is nothing to ask (too little typed, nobody signed in). */
  | { type: 'request.keyChanged'; key: TKey | null }
  /** Ask again for the key whose load failed. */
  | { type: 'request.retry' };

export interface RequestContext<TKey, TData> {
  /** What is asked (or about to be). */
  key: TKey | null;
  /** The last answer, kept on show while the next key loads; forgotten when nothing is asked or a load fails. */
  data: TData | null;
  /** The key `data` answers: an older one while the next loads. */
  dataKey: TKey | null;
  /** Why the last load failed, in the words the visitor reads (the error's message). */
  error: string | null;
}

export interface RequestOptions {
  /** The machine's id: what it loads (`placeSuggestions`, `marketGeo`). */
  id: string;
  /** A pause after the last change of key before asking (typing); none by default. */
  debounceMs?: number;
}

/** Keys are plain data (a string, or a few fields): two keys with the same fields are the same key. */
export const isSameKey = (a: unknown, b: unknown): boolean =>
  a === b || JSON.stringify(a) === JSON.stringify(b);

const FALLBACK = 'Something went wrong. Please try again.';

/** The key being loaded: `loading` is only entered with one (the `hasNoKey` guard), so null is a bug. */
function askedKey<TKey>(key: TKey | null): TKey {
  if (key === null) throw new Error('A request is loading without a key.');
  return key;
}

/**
 * A keyed load: the answer to the key of the moment. A new key cancels the load in flight, so an
 * answer to an older key is never shown, and is asked after a pause when the machine debounces
 * (typing). A failure can be tried again. The key comes from the view (`request.keyChanged`) or
 * from a source the actor follows (`followKey`: the signed-in customer).
 *
 * One machine per kind of request: `createRequestMachine<Key, Answer>({ id, debounceMs })`, then
 * `.provide({ actors: { load } })` where the app is assembled (src/system).
 */
export function createRequestMachine<TKey, TData>({ id, debounceMs = 0 }: RequestOptions) {
  return setup({
    types: {
      context: {} as RequestContext<TKey, TData>,
      events: {} as RequestEvent<TKey>,
      input: {} as { key: TKey | null },
    },
    actors: {
      /** Resolves with the answer to a key, or rejects with an Error whose message the visitor reads. */
      load: fromPromise<TData, { key: TKey }>(async () => {
        throw new Error(`${id}: load is supplied where the actor is created`);
      }),
      /** Where the key comes from when no view sends it (the session's customer); nothing by default. */
      followKey: fromCallback<RequestEvent<TKey>>(() => {}),
    },
    actions: {
      takeKey: assign((_, params: { key: TKey | null }) => ({ key: params.key })),
      keepAnswer: assign(({ context }, params: { data: TData }) => ({
        data: params.data,
        dataKey: context.key,
        error: null,
      })),
      keepFailure: assign((_, params: { error: unknown }) => ({
        data: null,
        dataKey: null,
        error: messageOf(params.error, FALLBACK),
      })),
      forgetAnswer: assign({ data: null, dataKey: null, error: null }),
      clearFailure: assign({ error: null }),
      // Effect, supplied where the actor is created: a failure no view shows is logged there.
      reportFailure: (_, _params: { error: unknown }) => {},
    },
    guards: {
      isOtherKey: ({ context }, params: { key: TKey | null }) => !isSameKey(context.key, params.key),
      hasNoKey: ({ context }) => context.key === null,
      isDebounced: () => debounceMs > 0,
    },
    delays: { debounce: debounceMs },
  }).createMachine({
    id,
    context: ({ input }) => ({ key: input.key, data: null, dataKey: null, error: null }),
    invoke: { src: 'followKey' },
    initial: 'deciding',
    on: {
      // Another key starts over: the pause restarts and a load in flight is cancelled.
      'request.keyChanged': {
        guard: { type: 'isOtherKey', params: ({ event }) => ({ key: event.key }) },
        target: '.deciding',
        actions: { type: 'takeKey', params: ({ event }) => ({ key: event.key }) },
      },
    },
    states: {
      deciding: {
        always: [
          { guard: 'hasNoKey', target: 'idle' },
          { guard: 'isDebounced', target: 'waiting' },
          { target: 'loading' },
        ],
      },
      /** Nothing to ask. */
      idle: { entry: 'forgetAnswer' },
      /** The key is settling (typing): asked when it has not changed for a moment. */
      waiting: {
        tags: ['pending'],
        after: { debounce: 'loading' },
      },
      loading: {
        tags: ['pending'],
        entry: 'clearFailure',
        invoke: {
          src: 'load',
          input: ({ context }) => ({ key: askedKey(context.key) }),
          onDone: {
            target: 'loaded',
            actions: { type: 'keepAnswer', params: ({ event }) => ({ data: event.output }) },
          },
          onError: {
            target: 'failed',
            actions: [
              { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        },
      },
      loaded: {},
      failed: { on: { 'request.retry': 'loading' } },
    },
  });
}

export type RequestMachine<TKey, TData> = ReturnType<typeof createRequestMachine<TKey, TData>>;
export type RequestSnapshot<TKey, TData> = SnapshotFrom<RequestMachine<TKey, TData>>;

/** What a view shows: nothing asked, an answer on its way, the answer, or a failure. */
export type RequestStatus = 'idle' | 'pending' | 'loaded' | 'failed';

interface RequestView<TData> {
  context: { key: unknown; data: TData | null; dataKey: unknown; error: string | null };
  hasTag(tag: 'pending'): boolean;
  matches(state: 'loaded' | 'failed'): boolean;
}

export const selectRequestStatus = <TData>(s: RequestView<TData>): RequestStatus =>
  s.hasTag('pending') ? 'pending' : s.matches('loaded') ? 'loaded' : s.matches('failed') ? 'failed' : 'idle';
/** The last answer: while the next key loads, the one before it. */
export const selectRequestData = <TData>(s: RequestView<TData>): TData | null => s.context.data;
/** The answer to the key of the moment, or null (while another key loads, an older answer is not shown). */
export const selectCurrentAnswer = <TData>(s: RequestView<TData>): TData | null =>
  s.context.dataKey !== null && isSameKey(s.context.dataKey, s.context.key) ? s.context.data : null;
export const selectRequestError = <TData>(s: RequestView<TData>): string | null => s.context.error;
