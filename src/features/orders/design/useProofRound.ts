import { useSelector } from '@xstate/react';
import { type ActorRefFrom, createActor } from 'xstate';
import type { DesignView } from '../../../../contract/design';
import {
  type ProofRoundSnapshot,
  type proofRoundMachine,
  selectBriefDraft,
  selectDesign,
  selectIsWritingChanges,
  selectProofComment,
  selectProofRoundBusy,
  selectProofRoundError,
} from '../../../../machines/orders/proofRound.machine';
import { useLoadedApp } from '../../../system/AppContext';
import { proofRoundLogic } from '../../../system/design';
import { useFlowActor } from '../../../system/hooks/useFlowActor';

export type ProofRoundActor = ActorRefFrom<typeof proofRoundMachine>;

/** The order page's design round: its actor, created with the page (useFlowActor). */
export function useProofRoundActor(
  number: string,
  design: DesignView,
  onApproved: () => void,
): ProofRoundActor {
  const app = useLoadedApp();
  return useFlowActor(() =>
    createActor(proofRoundLogic(onApproved), { ...app.actorOptions, input: { number, design } }),
  );
}

const use =
  <T>(selector: (s: ProofRoundSnapshot) => T) =>
  (actor: ProofRoundActor) =>
    useSelector(actor, selector);
export const useDesign = use(selectDesign);
export const useBriefDraft = use(selectBriefDraft);
export const useProofRoundError = use(selectProofRoundError);
export const useProofRoundBusy = use(selectProofRoundBusy);
export const useProofComment = use(selectProofComment);
export const useWritingChanges = use(selectIsWritingChanges);
