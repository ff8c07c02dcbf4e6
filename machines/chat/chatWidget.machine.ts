import { assign, fromPromise, setup } from 'xstate';
import type { ChatVisitor } from '../../contract/platform';
import { sameVisitor } from './visitor';

export { visitorOf } from './visitor';

export type ChatEvent =
  /** Start the widget for this visitor (SPEC section 7: on app start, with the visitor profile). */
  | { type: 'chat.boot'; visitor: ChatVisitor }
  /**
   * Whoever is signed in changed or edited their profile: the widget follows (an update, or on
   * sign-out a shutdown and a new boot for the anonymous visitor).
   */
  | { type: 'chat.visitorChanged'; visitor: ChatVisitor }
  /** Open the conversation (the footer's "Start a chat"). */
  | { type: 'chat.show' };

export interface ChatContext {
  visitor: ChatVisitor;
  error: string | null;
}

type VisitorEvent = Extract<ChatEvent, { visitor: ChatVisitor }>;
const visitorOfEvent = ({ event }: { event: VisitorEvent }) => ({ visitor: event.visitor });

/**
 * The chat widget (SPEC section 4): it must be booted before any other widget action, and can be
 * shut down. The chart enforces it: showing and updating only exist in `booted`; a change of visitor
 * while the widget loads is kept for the boot; a sign-out shuts the customer's conversation down and
 * boots the widget again for the anonymous visitor. The script loads through the script loader.
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
    shutdown: () => {},

    takeVisitor: assign((_, params: { visitor: ChatVisitor }) => ({ visitor: params.visitor })),
    clearError: assign({ error: null }),
    recordLoadError: assign((_, params: { error: unknown }) => ({
      error: params.error instanceof Error ? params.error.message : 'The chat could not load.',
    })),
  },
  guards: {
    isSameVisitor: ({ context }, params: { visitor: ChatVisitor }) =>
      sameVisitor(context.visitor, params.visitor),
    /** A signed-in customer became an anonymous visitor. */
    isSignOut: ({ context }, params: { visitor: ChatVisitor }) =>
      Boolean(context.visitor.user_id) && !params.visitor.user_id,
  },
}).createMachine({
  id: 'chatWidget',
  context: { visitor: {}, error: null },
  initial: 'off',
  states: {
    off: {
      on: {
        'chat.boot': { target: 'loading', actions: { type: 'takeVisitor', params: visitorOfEvent } },
        // Kept for the boot.
        'chat.visitorChanged': { actions: { type: 'takeVisitor', params: visitorOfEvent } },
      },
    },
    loading: {
      invoke: {
        src: 'loadWidget',
        onDone: 'booted',
        onError: {
          target: 'failed',
          actions: { type: 'recordLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      // Not booted yet: the boot takes the latest profile, whoever it is.
      on: { 'chat.visitorChanged': { actions: { type: 'takeVisitor', params: visitorOfEvent } } },
    },
    booted: {
      entry: { type: 'boot', params: ({ context }) => ({ visitor: context.visitor }) },
      on: {
        'chat.visitorChanged': [
          { guard: { type: 'isSameVisitor', params: visitorOfEvent } },
          // The customer's conversation must not stay open for the next person: shut down, boot anew.
          {
            guard: { type: 'isSignOut', params: visitorOfEvent },
            target: 'loading',
            actions: ['shutdown', { type: 'takeVisitor', params: visitorOfEvent }],
          },
          // A new customer, or a changed name or company: the widget's profile follows.
          {
            actions: [
              { type: 'takeVisitor', params: visitorOfEvent },
              { type: 'update', params: visitorOfEvent },
            ],
          },
        ],
        'chat.show': { actions: 'show' },
      },
    },
    /** The script did not load: no widget, nothing to show; a new boot or a sign-out tries again. */
    failed: {
      on: {
        'chat.boot': {
          target: 'loading',
          actions: [{ type: 'takeVisitor', params: visitorOfEvent }, 'clearError'],
        },
        'chat.visitorChanged': [
          {
            guard: { type: 'isSignOut', params: visitorOfEvent },
            target: 'loading',
            actions: [{ type: 'takeVisitor', params: visitorOfEvent }, 'clearError'],
          },
          { actions: { type: 'takeVisitor', params: visitorOfEvent } },
        ],
      },
    },
  },
});

export type ChatWidgetMachine = typeof chatWidgetMachine;
