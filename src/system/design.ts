import { fromPromise } from 'xstate';
import type { BriefFileRole, DesignView } from '../../contract/design';
import type { BriefDraft } from '../../machines/orders/proofRound.machine';
import { proofRoundMachine } from '../../machines/orders/proofRound.machine';
import * as api from '../api/design';
import { takePickedFile } from './pickedFiles';
import { orApiSentence } from './results';

/** The design round's calls as the machine takes them: the round as it is now, or why not. */
export interface DesignCalls {
  fetchDesign(number: string): Promise<DesignView>;
  saveBrief(number: string, brief: BriefDraft, submit: boolean): Promise<DesignView>;
  addBriefFile(number: string, role: BriefFileRole, file: File): Promise<DesignView>;
  removeBriefFile(number: string, id: string): Promise<DesignView>;
  approveProof(number: string, proof: number): Promise<DesignView>;
  askChanges(number: string, proof: number, comment: string): Promise<DesignView>;
}

export const designCalls: DesignCalls = {
  fetchDesign: orApiSentence(api.fetchDesign, 'The design brief could not be loaded.'),
  saveBrief: orApiSentence(api.saveBrief, (_number, _brief, submit) =>
    submit ? 'The brief could not be sent. Please try again.' : 'The draft could not be saved.',
  ),
  addBriefFile: orApiSentence(
    api.addBriefFile,
    (_number, _role, file) => `${file.name} could not be added. Please try again.`,
  ),
  removeBriefFile: orApiSentence(api.removeBriefFile, 'The file could not be removed. Please try again.'),
  approveProof: orApiSentence(api.approveProof, 'The proof could not be approved. Please try again.'),
  askChanges: orApiSentence(api.askChanges, 'Your changes could not be sent. Please try again.'),
};

/** The design round's effects (issue 31): the API calls, with the files the person picked. */

export function proofRoundLogic(onApproved: () => void = () => {}, calls: DesignCalls = designCalls) {
  return proofRoundMachine.provide({
    actions: { announceApproved: () => onApproved() },
    actors: {
      saveBrief: fromPromise(({ input }) => calls.saveBrief(input.number, input.brief, input.submit)),
      changeBriefFiles: fromPromise(async ({ input: { number, change } }) =>
        'add' in change
          ? calls.addBriefFile(number, change.add, takePickedFile(change.file))
          : calls.removeBriefFile(number, change.remove),
      ),
      loadDesign: fromPromise(({ input }) => calls.fetchDesign(input.number)),
      approveProof: fromPromise(({ input }) => calls.approveProof(input.number, input.proof)),
      askChanges: fromPromise(({ input }) => calls.askChanges(input.number, input.proof, input.comment)),
    },
  });
}
