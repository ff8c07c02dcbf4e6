import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { TeamAnswer } from '../../contract/auth';
import type { AssignableRole } from '../../contract/roles';
import { messageOf, SOMETHING_WENT_WRONG } from '../failures';

/** An action on the team page, as the API takes it. */
export type TeamAction =
  | { kind: 'role'; uuid: string; role: AssignableRole }
  | { kind: 'remove'; uuid: string }
  | { kind: 'cancelInvite'; id: string }
  | { kind: 'resendInvite'; id: string }
  | { kind: 'transfer'; uuid: string }
  /** Issue 33: turn "approvals need an admin" on or off. */
  | { kind: 'approvals'; on: boolean };

export type TeamEvent =
  /** Role changes, cancelling and resending go at once (they are easily undone or repeated). */
  | { type: 'team.changeRole'; uuid: string; role: AssignableRole }
  | { type: 'team.cancelInvite'; id: string }
  | { type: 'team.resendInvite'; id: string }
  /** Issue 33: the company's "approvals need an admin" switch, which goes at once too. */
  | { type: 'team.approvalsNeedAdmin'; on: boolean }
  /** Removing someone and handing the company over ask first. */
  | { type: 'team.remove'; uuid: string }
  | { type: 'team.transfer'; uuid: string }
  | { type: 'team.confirm' }
  | { type: 'team.dismiss' }
  /** Read the team again (an invitation was sent from the form). */
  | { type: 'team.reload' }
  | { type: 'team.retry' };

export interface TeamContext {
  team: TeamAnswer | null;
  /** Why the team could not be loaded. */
  error: string | null;
  /** The action waiting for its confirmation, or on its way. */
  action: TeamAction | null;
  /** Why the last action was refused, with the person or invitation it was about. */
  actionError: { about: string; message: string } | null;
}

const aboutOf = (action: TeamAction) =>
  'uuid' in action ? action.uuid : 'id' in action ? action.id : 'approvals';

/**
 * The team page (/team): the team loaded, and what the owner and admins do to it. An action goes to
 * the API, then the team is read again, so the page shows what is true now (a colleague may have
 * acted meanwhile); a refusal is said next to the person or invitation it was about. Removing someone
 * and handing the company over wait for a confirmation.
 */
export const teamMachine = setup({
  types: {
    context: {} as TeamContext,
    events: {} as TeamEvent,
  },
  actors: {
    /** GET /team. */
    loadTeam: fromPromise<TeamAnswer>(async () => {
      throw new Error('loadTeam is supplied where the actor is created');
    }),
    /** The action's call: resolves with the API's sentence, rejects with its refusal. */
    act: fromPromise<string, TeamAction>(async () => {
      throw new Error('act is supplied where the actor is created');
    }),
  },
  actions: {
    // Effects, supplied where the actor is created.
    /** The API's sentence for a done action, as a toast. */
    announce: (_, _params: { message: string }) => {},
    /** The signed-in person's own role changed (they handed the company over): the session learns it. */
    roleChanged: () => {},

    keepTeam: assign((_, params: { team: TeamAnswer }) => ({ team: params.team, error: null })),
    keepLoadFailure: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, SOMETHING_WENT_WRONG),
    })),
    hold: assign((_, params: { action: TeamAction }) => ({ action: params.action, actionError: null })),
    drop: assign({ action: null }),
    keepRefusal: assign(({ context }, params: { error: unknown }) => ({
      actionError: context.action
        ? { about: aboutOf(context.action), message: messageOf(params.error, SOMETHING_WENT_WRONG) }
        : null,
      action: null,
    })),
  },
  guards: {
    isTransfer: ({ context }) => context.action?.kind === 'transfer',
  },
}).createMachine({
  id: 'team',
  context: { team: null, error: null, action: null, actionError: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['pending'],
      invoke: {
        src: 'loadTeam',
        onDone: {
          target: 'shown',
          actions: { type: 'keepTeam', params: ({ event }) => ({ team: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'keepLoadFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'team.retry': 'loading' } },
    shown: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'team.changeRole': {
              target: 'acting',
              actions: {
                type: 'hold',
                params: ({ event }) => ({ action: { kind: 'role', uuid: event.uuid, role: event.role } }),
              },
            },
            'team.cancelInvite': {
              target: 'acting',
              actions: {
                type: 'hold',
                params: ({ event }) => ({ action: { kind: 'cancelInvite', id: event.id } }),
              },
            },
            'team.resendInvite': {
              target: 'acting',
              actions: {
                type: 'hold',
                params: ({ event }) => ({ action: { kind: 'resendInvite', id: event.id } }),
              },
            },
            'team.approvalsNeedAdmin': {
              target: 'acting',
              actions: {
                type: 'hold',
                params: ({ event }) => ({ action: { kind: 'approvals', on: event.on } }),
              },
            },
            'team.remove': {
              target: 'confirming',
              actions: {
                type: 'hold',
                params: ({ event }) => ({ action: { kind: 'remove', uuid: event.uuid } }),
              },
            },
            'team.transfer': {
              target: 'confirming',
              actions: {
                type: 'hold',
                params: ({ event }) => ({ action: { kind: 'transfer', uuid: event.uuid } }),
              },
            },
            'team.reload': 'reloading',
          },
        },
        confirming: {
          tags: ['confirming'],
          on: { 'team.confirm': 'acting', 'team.dismiss': { target: 'idle', actions: 'drop' } },
        },
        acting: {
          tags: ['pending', 'committing'],
          invoke: {
            src: 'act',
            input: ({ context }) => {
              if (!context.action) throw new Error('An action is on its way without its details.');
              return context.action;
            },
            onDone: [
              {
                guard: 'isTransfer',
                target: 'reloading',
                actions: [
                  { type: 'announce', params: ({ event }) => ({ message: event.output }) },
                  'roleChanged',
                  'drop',
                ],
              },
              {
                target: 'reloading',
                actions: [{ type: 'announce', params: ({ event }) => ({ message: event.output }) }, 'drop'],
              },
            ],
            onError: {
              target: 'reloading',
              actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        /** The team as it is now, after an action or a refusal; the one shown stays if this fails. */
        reloading: {
          tags: ['pending'],
          invoke: {
            src: 'loadTeam',
            onDone: {
              target: 'idle',
              actions: { type: 'keepTeam', params: ({ event }) => ({ team: event.output }) },
            },
            onError: 'idle',
          },
        },
      },
    },
  },
});

export type TeamMachine = typeof teamMachine;
type TeamSnapshot = SnapshotFrom<TeamMachine>;

export const selectTeam = (s: TeamSnapshot) => s.context.team;
export const selectTeamError = (s: TeamSnapshot) => (s.matches('failed') ? s.context.error : null);
export const selectTeamAction = (s: TeamSnapshot) => s.context.action;
export const selectTeamConfirming = (s: TeamSnapshot) => s.hasTag('confirming');
export const selectTeamBusy = (s: TeamSnapshot) => s.hasTag('pending');
export const selectTeamRefusal = (s: TeamSnapshot) => s.context.actionError;
