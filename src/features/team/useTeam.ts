import { useSelector } from '@xstate/react';
import { type ActorRefFrom, createActor } from 'xstate';
import {
  selectTeam,
  selectTeamAction,
  selectTeamBusy,
  selectTeamConfirming,
  selectTeamError,
  selectTeamRefusal,
  type TeamMachine,
} from '../../../machines/team/team.machine';
import { useLoadedApp } from '../../system/AppContext';
import { teamLogic } from '../../system/account';
import { useFlowActor } from '../../system/hooks/useFlowActor';

export type TeamActor = ActorRefFrom<TeamMachine>;

/** The team page's actor, for as long as the page is shown (an action under way is still answered). */
export function useTeamActor(): TeamActor {
  const app = useLoadedApp();
  return useFlowActor(() => createActor(teamLogic(app), app.actorOptions));
}

export const useTeam = (actor: TeamActor) => useSelector(actor, selectTeam);
export const useTeamError = (actor: TeamActor) => useSelector(actor, selectTeamError);
export const useTeamAction = (actor: TeamActor) => useSelector(actor, selectTeamAction);
export const useTeamConfirming = (actor: TeamActor) => useSelector(actor, selectTeamConfirming);
export const useTeamBusy = (actor: TeamActor) => useSelector(actor, selectTeamBusy);
export const useTeamRefusal = (actor: TeamActor) => useSelector(actor, selectTeamRefusal);
