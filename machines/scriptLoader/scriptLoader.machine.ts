import { type ActorRefFrom, assign, enqueueActions, fromCallback, sendTo, setup } from 'xstate';

export type ScriptEvent =
  | { type: 'script.load' }
  | { type: 'script.injected' }
  | { type: 'script.errored'; reason: string };

/**
 * One external script (SPEC section 4): not loaded, loading, loaded, or failed (an error, or no
 * answer within the time-out). A failed script can be asked for again.
 */
export const scriptMachine = setup({
  types: {
    context: {} as { src: string; error: string | null },
    input: {} as { src: string },
    events: {} as ScriptEvent,
  },
  actors: {
    /** Adds the <script> and reports `script.injected` or `script.errored`; removes it when stopped unloaded. */
    inject: fromCallback<ScriptEvent, { src: string }>(() => {
      throw new Error('inject is supplied where the actor is created');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    recordError: assign((_, params: { reason: string }) => ({ error: params.reason })),
  },
  delays: { loadTimeout: 15_000 },
}).createMachine({
  id: 'script',
  context: ({ input }) => ({ src: input.src, error: null }),
  initial: 'notLoaded',
  states: {
    notLoaded: { on: { 'script.load': 'loading' } },
    loading: {
      entry: 'clearError',
      invoke: { src: 'inject', input: ({ context }) => ({ src: context.src }) },
      on: {
        'script.injected': 'loaded',
        'script.errored': {
          target: 'failed',
          actions: { type: 'recordError', params: ({ event }) => ({ reason: event.reason }) },
        },
      },
      after: {
        loadTimeout: {
          target: 'failed',
          actions: { type: 'recordError', params: { reason: 'The script did not load in time.' } },
        },
      },
    },
    loaded: {},
    failed: { on: { 'script.load': 'loading' } },
  },
});

export type ScriptActor = ActorRefFrom<typeof scriptMachine>;

export type ScriptLoaderEvent = { type: 'scripts.require'; src: string };

/**
 * The script loader: each script is loaded once however many parts of the app ask for it. Each
 * script is a child actor named by its URL; asking again for a failed one tries again.
 */
export const scriptLoaderMachine = setup({
  types: { events: {} as ScriptLoaderEvent, context: {} as { requested: string[] } },
  actors: { script: scriptMachine },
  actions: {
    /** The script's actor is made the first time; a script not loading nor loaded is asked to load. */
    requireScript: enqueueActions(({ context, enqueue, self }, params: { src: string }) => {
      const child = self.getSnapshot().children[params.src] as ScriptActor | undefined;
      if (!child) {
        enqueue.spawnChild('script', { id: params.src, input: { src: params.src } });
        enqueue.assign({ requested: [...context.requested, params.src] });
      }
      const state = child?.getSnapshot().value;
      if (state === 'loading' || state === 'loaded') return;
      enqueue(sendTo(params.src, { type: 'script.load' }));
    }),
  },
}).createMachine({
  id: 'scriptLoader',
  context: { requested: [] },
  on: {
    'scripts.require': { actions: { type: 'requireScript', params: ({ event }) => ({ src: event.src }) } },
  },
});
