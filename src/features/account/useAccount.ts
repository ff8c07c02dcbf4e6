import { useSelector } from '@xstate/react';
import { type ActorRefFrom, createActor } from 'xstate';
import {
  type AvatarMachine,
  selectAvatarBusy,
  selectAvatarError,
  selectAvatarUploading,
} from '../../../machines/account/avatar.machine';
import {
  type EmailChangeMachine,
  selectEmailChangeAlert,
  selectEmailChangeBusy,
  selectEmailChangeErrors,
  selectEmailChangeRefusals,
  selectEmailChangeSent,
  selectEmailChangeValues,
} from '../../../machines/account/emailChange.machine';
import { useLoadedApp } from '../../system/AppContext';
import { avatarLogic, emailChangeLogic } from '../../system/account';
import { useFlowActor } from '../../system/hooks/useFlowActor';

export type AvatarActor = ActorRefFrom<AvatarMachine>;
export type EmailChangeActor = ActorRefFrom<EmailChangeMachine>;

export function useAvatarActor(): AvatarActor {
  const app = useLoadedApp();
  return useFlowActor(() => createActor(avatarLogic(app), app.actorOptions));
}
export const useAvatarBusy = (actor: AvatarActor) => useSelector(actor, selectAvatarBusy);
export const useAvatarUploading = (actor: AvatarActor) => useSelector(actor, selectAvatarUploading);
export const useAvatarError = (actor: AvatarActor) => useSelector(actor, selectAvatarError);

export function useEmailChangeActor(): EmailChangeActor {
  const app = useLoadedApp();
  return useFlowActor(() => createActor(emailChangeLogic(), app.actorOptions));
}
export const useEmailChangeValues = (actor: EmailChangeActor) => useSelector(actor, selectEmailChangeValues);
export const useEmailChangeErrors = (actor: EmailChangeActor) => useSelector(actor, selectEmailChangeErrors);
export const useEmailChangeAlert = (actor: EmailChangeActor) => useSelector(actor, selectEmailChangeAlert);
export const useEmailChangeSent = (actor: EmailChangeActor) => useSelector(actor, selectEmailChangeSent);
export const useEmailChangeBusy = (actor: EmailChangeActor) => useSelector(actor, selectEmailChangeBusy);
export const useEmailChangeRefusals = (actor: EmailChangeActor) =>
  useSelector(actor, selectEmailChangeRefusals);
