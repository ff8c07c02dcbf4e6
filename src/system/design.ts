import { fromPromise } from 'xstate';
import { proofRoundMachine } from '../../machines/orders/proofRound.machine';
import * as designApi from '../api/design';
import { takePickedFile } from './pickedFiles';

/** The design round's effects (issue 31): the API calls, with the files the person picked. */

export function proofRoundLogic(onApproved: () => void = () => {}, api: typeof designApi = designApi) {
  return proofRoundMachine.provide({
    actions: { announceApproved: () => onApproved() },
    actors: {
      saveBrief: fromPromise(({ input }) => api.saveBrief(input.number, input.brief, input.submit)),
      addBriefFile: fromPromise(async ({ input }) =>
        api.addBriefFile(input.number, input.role, takePickedFile(input.file)),
      ),
      removeBriefFile: fromPromise(({ input }) => api.removeBriefFile(input.number, input.id)),
      loadDesign: fromPromise(({ input }) => api.fetchDesign(input.number)),
      approveProof: fromPromise(({ input }) => api.approveProof(input.number, input.proof)),
      askChanges: fromPromise(({ input }) => api.askChanges(input.number, input.proof, input.comment)),
    },
  });
}
