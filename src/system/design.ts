import { fromPromise } from 'xstate';
import type { BriefFileRef } from '../../machines/orders/proofRound.machine';
import { proofRoundMachine } from '../../machines/orders/proofRound.machine';
import * as designApi from '../api/design';

/**
 * The design round's effects (issue 31): the API calls, and the files the person picked, kept here
 * under a key while the machine holds only the key (machines never touch browser files).
 */
const picked = new Map<string, File>();
let picks = 0;

/** A picked file, kept until the machine uploads it. */
export function pickBriefFile(file: File): BriefFileRef {
  picks += 1;
  const key = `brief-file-${picks}`;
  picked.set(key, file);
  return { key, name: file.name, size: file.size };
}

export function proofRoundLogic(api: typeof designApi = designApi) {
  return proofRoundMachine.provide({
    actors: {
      saveBrief: fromPromise(({ input }) => api.saveBrief(input.number, input.brief, input.submit)),
      addBriefFile: fromPromise(async ({ input }) => {
        const file = picked.get(input.file.key);
        if (!file) throw new Error(`${input.file.name} is no longer available: choose it again.`);
        picked.delete(input.file.key);
        return api.addBriefFile(input.number, input.role, file);
      }),
      removeBriefFile: fromPromise(({ input }) => api.removeBriefFile(input.number, input.id)),
      loadDesign: fromPromise(({ input }) => api.fetchDesign(input.number)),
      approveProof: fromPromise(({ input }) => api.approveProof(input.number, input.proof)),
      askChanges: fromPromise(({ input }) => api.askChanges(input.number, input.proof, input.comment)),
    },
  });
}
