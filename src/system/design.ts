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
      changeBriefFiles: fromPromise(async ({ input: { number, change } }) =>
        'add' in change
          ? api.addBriefFile(number, change.add, takePickedFile(change.file))
          : api.removeBriefFile(number, change.remove),
      ),
      loadDesign: fromPromise(({ input }) => api.fetchDesign(input.number)),
      approveProof: fromPromise(({ input }) => api.approveProof(input.number, input.proof)),
      askChanges: fromPromise(({ input }) => api.askChanges(input.number, input.proof, input.comment)),
    },
  });
}
