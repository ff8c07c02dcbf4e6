import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { PaymentSettings } from '../../contract/payments';
import { messageOf } from '../failures';

/** What a change answers: the settings as saved, and the server's sentence about them. */
export interface SettingsAnswer {
  settings: PaymentSettings;
  message: string;
}

/** A switch of the card panel, as PUT /billing/payment names it. */
export type PaymentSwitch = 'auto_pay' | 'members_may_pay';

export type PaymentSettingsEvent =
  | { type: 'card.save' }
  | { type: 'card.remove' }
  | { type: 'settings.switched'; name: PaymentSwitch; on: boolean }
  | { type: 'settings.retry' };

interface Context {
  /** Back from Stripe's setup page: its session, looked at by the first load. */
  sessionId: string | null;
  settings: PaymentSettings | null;
  /** Why the last request failed, said beside the panel. */
  error: string | null;
  /** The server's sentence about the last change. */
  notice: string | null;
}

/** A failed request's reason, for `keepError` (the effects' errors carry the server's sentence). */
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/**
 * The Billing page's card panel: the company's saved card, automatic payment and whether members
 * may pay. Saving a card leaves for Stripe's page; a switch shows what the server saved (no
 * optimistic flip), one request at a time, so a second click cannot race the first.
 */
export const paymentSettingsMachine = setup({
  types: {
    context: {} as Context,
    events: {} as PaymentSettingsEvent,
    input: {} as { sessionId: string | null },
  },
  actors: {
    /** GET /billing/payment (?session_id= once, back from saving a card). */
    loadSettings: fromPromise<PaymentSettings, { sessionId: string | null }>(async () => {
      throw new Error('loadSettings is supplied where the actor is created');
    }),
    /** POST /billing/card: the address of Stripe's page to save a card. */
    startSetup: fromPromise<string>(async () => {
      throw new Error('startSetup is supplied where the actor is created');
    }),
    /** DELETE /billing/card. */
    removeCard: fromPromise<SettingsAnswer>(async () => {
      throw new Error('removeCard is supplied where the actor is created');
    }),
    /** PUT /billing/payment with one switch. */
    saveSwitch: fromPromise<SettingsAnswer, { name: PaymentSwitch; on: boolean }>(async () => {
      throw new Error('saveSwitch is supplied where the actor is created');
    }),
  },
  actions: {
    /** Leaves for Stripe's hosted page (the browser's location, supplied where the actor is created). */
    goToPayment: (_, _params: { url: string }) => {},
    clearMessages: assign({ error: null, notice: null }),
    keepSettings: assign((_, params: { answer: SettingsAnswer }) => ({
      settings: params.answer.settings,
      notice: params.answer.message || null,
    })),
    keepError: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, 'That did not go through. Check your connection and try again.'),
    })),
  },
  guards: {
    hasCard: ({ context }) => context.settings?.card != null,
  },
}).createMachine({
  id: 'paymentSettings',
  context: ({ input }) => ({ sessionId: input.sessionId, settings: null, error: null, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadSettings',
        input: ({ context }) => ({ sessionId: context.sessionId }),
        onDone: {
          target: 'ready',
          // The setup page is looked at once; a later reload reads the settings only.
          actions: assign(({ event }) => ({ settings: event.output, sessionId: null })),
        },
        onError: { target: 'failed', actions: { type: 'keepError', params: errorOf } },
      },
    },
    failed: { on: { 'settings.retry': { target: 'loading', actions: 'clearMessages' } } },
    ready: {
      on: {
        'card.save': { target: 'startingSetup', actions: 'clearMessages' },
        'card.remove': { guard: 'hasCard', target: 'removing', actions: 'clearMessages' },
        'settings.switched': { target: 'switching', actions: 'clearMessages' },
      },
    },
    startingSetup: {
      tags: ['busy'],
      invoke: {
        src: 'startSetup',
        onDone: {
          target: 'redirecting',
          actions: { type: 'goToPayment', params: ({ event }) => ({ url: event.output }) },
        },
        onError: { target: 'ready', actions: { type: 'keepError', params: errorOf } },
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        src: 'removeCard',
        onDone: {
          target: 'ready',
          actions: { type: 'keepSettings', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: { target: 'ready', actions: { type: 'keepError', params: errorOf } },
      },
    },
    switching: {
      tags: ['busy'],
      invoke: {
        src: 'saveSwitch',
        input: ({ event }) =>
          event.type === 'settings.switched'
            ? { name: event.name, on: event.on }
            : { name: 'auto_pay', on: false },
        onDone: {
          target: 'ready',
          actions: { type: 'keepSettings', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: { target: 'ready', actions: { type: 'keepError', params: errorOf } },
      },
    },
    /** Stripe's page is loading in this tab. */
    redirecting: { type: 'final', tags: ['busy'] },
  },
});

export type PaymentSettingsMachine = typeof paymentSettingsMachine;
type Snapshot = SnapshotFrom<PaymentSettingsMachine>;
export const selectSettings = (s: Snapshot) => s.context.settings;
export const selectSettingsError = (s: Snapshot) => s.context.error;
export const selectSettingsNotice = (s: Snapshot) => s.context.notice;
export const selectSettingsFailed = (s: Snapshot) => s.matches('failed');
/** A request is under way: the panel's buttons and switches wait for it. */
export const selectSettingsBusy = (s: Snapshot) => s.hasTag('busy');
