import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { UserData } from '../../contract/auth';
import { messageOf, SOMETHING_WENT_WRONG } from '../failures';
import { fieldErrorsOf } from './refusal';

/** A picked file as the machine needs it (machines/ has no DOM: the app passes its Blob). */
export interface PickedPicture {
  readonly size: number;
}

export type AvatarEvent =
  /** A picture was picked (file input or drop). */
  { type: 'avatar.chosen'; file: PickedPicture } | { type: 'avatar.remove' };

/** Pictures over this are refused before sending (the API refuses them too). */
export const AVATAR_LIMIT_BYTES = 5 * 1024 * 1024;

/**
 * The profile picture: a picked file goes up (at most 5 MB, or it is refused here with the reason),
 * or the picture is removed. The account as the API answers is handed to the session, so the header,
 * the drawer and the team show it at once.
 */
export const avatarMachine = setup({
  types: { context: {} as { error: string | null }, events: {} as AvatarEvent },
  actors: {
    /** POST /me/avatar: the account with its new picture. */
    upload: fromPromise<UserData, { file: PickedPicture }>(async () => {
      throw new Error('upload is supplied where the actor is created');
    }),
    /** DELETE /me/avatar. */
    remove: fromPromise<UserData>(async () => {
      throw new Error('remove is supplied where the actor is created');
    }),
  },
  actions: {
    /** The session takes the account; a toast says what happened. */
    updated: (_, _params: { userData: UserData; message: string }) => {},
    keepError: assign((_, params: { error: unknown }) => ({
      error: fieldErrorsOf(params.error).avatar ?? messageOf(params.error, SOMETHING_WENT_WRONG),
    })),
    refuseLarge: assign({ error: 'That picture is over 5 MB. Choose a smaller one.' }),
    clearError: assign({ error: null }),
  },
  guards: {
    isTooLarge: (_, params: { file: PickedPicture }) => params.file.size > AVATAR_LIMIT_BYTES,
  },
}).createMachine({
  id: 'avatar',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'avatar.chosen': [
          {
            guard: { type: 'isTooLarge', params: ({ event }) => ({ file: event.file }) },
            actions: 'refuseLarge',
          },
          { target: 'uploading', actions: 'clearError' },
        ],
        'avatar.remove': { target: 'removing', actions: 'clearError' },
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        src: 'upload',
        input: ({ event }) => {
          if (event.type !== 'avatar.chosen') throw new Error('An upload starts from a chosen file.');
          return { file: event.file };
        },
        onDone: {
          target: 'idle',
          actions: {
            type: 'updated',
            params: ({ event }) => ({ userData: event.output, message: 'Your picture is saved.' }),
          },
        },
        onError: {
          target: 'idle',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        src: 'remove',
        onDone: {
          target: 'idle',
          actions: {
            type: 'updated',
            params: ({ event }) => ({ userData: event.output, message: 'Your picture is removed.' }),
          },
        },
        onError: {
          target: 'idle',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type AvatarMachine = typeof avatarMachine;
type AvatarSnapshot = SnapshotFrom<AvatarMachine>;
export const selectAvatarBusy = (s: AvatarSnapshot) => s.hasTag('busy');
export const selectAvatarUploading = (s: AvatarSnapshot) => s.matches('uploading');
export const selectAvatarError = (s: AvatarSnapshot) => s.context.error;
