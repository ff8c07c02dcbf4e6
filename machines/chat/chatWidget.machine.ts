import { assign, fromPromise, setup } from 'xstate';
import type { ChatVisitor } from '../../contract/platform';

export type ChatEvent =
  /** Start the widget for this visitor (SPEC section 7: on app start, with the visitor profile). */
  | { type: 'chat.boot'; visitor: ChatVisitor }
  /** The visitor became known, or changed: update the profile. */
  | { type: 'chat.update'; visitor: ChatVisitor }
  | { type: 'chat.show' }
  | { type: 'chat.hide' }
  /** Sign-out: the widget forgets the visitor. */
  | { type: 'chat.shutdown' };

export interface ChatContext {
  visitor: ChatVisitor;
  error: string | null;
}

/**
 * The chat widget (SPEC section 4): it must be booted before any other widget action, and can be
 * shut down. The chart enforces it: show, hide and update only exist in `booted`; an update that
 * comes while the widget loads is kept for the boot. The script loads through the script loader.
 */
export const chatWidgetMachine = setup({
  types: { context: {} as ChatContext, events: {} as ChatEvent },
  actors: {
    /** Resolves once the provider's script is loaded (through the script loader); rejects if it fails. */
    loadWidget: fromPromise<void>(async () => {
      throw new Error('loadWidget is supplied where the actor is created');
    }),
  },
  actions: {
    // The widget's own commands, supplied where the actor is created.
    boot: (_, _params: { visitor: ChatVisitor }) => {},
    update: (_, _params: { visitor: ChatVisitor }) => {},
    show: () => {},
    hide: () => {},
    shutdown: () => {},
  },
}).createMachine({
  id: 'chatWidget',
  context: { visitor: {}, error: null },
  initial: 'off',
  states: {
    off: {
      on: { 'chat.boot': { target: 'loading', actions: assign({ visitor: ({ event }) => event.visitor }) } },
    },
    loading: {
      invoke: {
        src: 'loadWidget',
        onDone: 'booted',
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) =>
              event.error instanceof Error ? event.error.message : 'The chat could not load.',
          }),
        },
      },
      on: {
        'chat.update': { actions: assign({ visitor: ({ event }) => event.visitor }) },
        'chat.shutdown': 'off',
      },
    },
    booted: {
      entry: { type: 'boot', params: ({ context }) => ({ visitor: context.visitor }) },
      on: {
        'chat.update': {
          actions: [
            assign({ visitor: ({ event }) => event.visitor }),
            { type: 'update', params: ({ event }) => ({ visitor: event.visitor }) },
          ],
        },
        'chat.show': { actions: 'show' },
        'chat.hide': { actions: 'hide' },
        'chat.shutdown': { target: 'off', actions: ['shutdown', assign({ visitor: {} })] },
      },
    },
    /** The script did not load: no widget, nothing to show; a new boot tries again. */
    failed: {
      on: {
        'chat.boot': {
          target: 'loading',
          actions: assign({ visitor: ({ event }) => event.visitor, error: null }),
        },
      },
    },
  },
});

export type ChatWidgetMachine = typeof chatWidgetMachine;
