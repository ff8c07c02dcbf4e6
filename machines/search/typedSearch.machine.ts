import { assign, type SnapshotFrom, setup } from 'xstate';

/**
 * A search box whose words live in the page's address (the orders queue, the spec sheets): what is
 * typed is the box's own, and it goes to the address once typing pauses (or on Enter). The address
 * answers later (the router loads first), so an address that only echoes what was sent never
 * overwrites what was typed since; one that says something else (back, forward, a link) does.
 */
export type TypedSearchEvent =
  | { type: 'search.type'; text: string }
  /** Enter: the words go now. */
  | { type: 'search.submit' }
  /** The address's words, as the page reads them now. */
  | { type: 'search.addressChanged'; text: string };

export interface TypedSearchContext {
  typed: string;
  /** The words last sent to the address, or read from it. */
  sent: string;
  /**
   * The address holds the words trimmed (the spec sheets' `?q=`), so a space typed at the end is
   * nothing new to send; else as typed (the queue: its server trims).
   */
  trim: boolean;
}

/** What the address is to hold of what was typed. */
const wordsOf = ({ typed, trim }: TypedSearchContext) => (trim ? typed.trim() : typed);

export const typedSearchMachine = setup({
  types: {
    context: {} as TypedSearchContext,
    events: {} as TypedSearchEvent,
    input: {} as { text: string; trim?: boolean },
  },
  actions: {
    /** Effect, supplied where the actor is created: the words into the address. */
    sendToAddress: (_, _params: { text: string }) => {},
    keepTyped: assign(({ event }) => (event.type === 'search.type' ? { typed: event.text } : {})),
    markSent: assign(({ context }) => ({ sent: wordsOf(context) })),
    takeAddress: assign(({ event }) =>
      event.type === 'search.addressChanged' ? { typed: event.text, sent: event.text } : {},
    ),
  },
  guards: {
    isUnsent: ({ context }) => wordsOf(context) !== context.sent,
    /** Not the echo of what this box sent: someone moved the address. */
    isNewAddress: ({ context, event }) =>
      event.type === 'search.addressChanged' && event.text !== context.sent,
  },
  delays: {
    /** Typing stops this long before the words go to the address. */
    typingPause: 400,
  },
}).createMachine({
  id: 'typedSearch',
  context: ({ input }) => ({ typed: input.text, sent: input.text, trim: input.trim ?? false }),
  initial: 'idle',
  on: {
    'search.type': { target: '.typing', reenter: true, actions: 'keepTyped' },
    'search.addressChanged': { guard: 'isNewAddress', target: '.idle', actions: 'takeAddress' },
  },
  states: {
    idle: {},
    typing: {
      after: { typingPause: 'sending' },
      on: { 'search.submit': 'sending' },
    },
    sending: {
      always: [
        {
          guard: 'isUnsent',
          target: 'idle',
          actions: [
            { type: 'sendToAddress', params: ({ context }) => ({ text: wordsOf(context) }) },
            'markSent',
          ],
        },
        { target: 'idle' },
      ],
    },
  },
});

export type TypedSearchSnapshot = SnapshotFrom<typeof typedSearchMachine>;
export const selectTyped = (s: TypedSearchSnapshot) => s.context.typed;
