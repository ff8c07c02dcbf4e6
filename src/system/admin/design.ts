import { fromPromise } from 'xstate';
import type { DesignView } from '../../../contract/design';
import { designPanelMachine } from '../../../machines/admin/designPanel.machine';
import * as api from '../../api/admin/design';
import { forgetPickedFile, peekPickedFile } from '../pickedFiles';
import { orApiSentence } from '../results';

/** The studio's design calls as the panel takes them: the brief and proofs as they are now, or why not. */
export interface DesignPanelCalls {
  fetchAdminDesign(number: string): Promise<DesignView>;
  uploadProof(number: string, file: File, note: string): Promise<DesignView>;
}

export const designPanelCalls: DesignPanelCalls = {
  fetchAdminDesign: orApiSentence(api.fetchAdminDesign, 'The design brief could not be loaded.'),
  uploadProof: orApiSentence(api.uploadProof, 'The proof could not be uploaded. Please try again.'),
};

/** The studio's design panel (issue 31): the brief and proofs, and a proof uploaded with its note. */
export function designPanelLogic(calls: DesignPanelCalls = designPanelCalls) {
  return designPanelMachine.provide({
    actors: {
      loadDesign: fromPromise(({ input }) => calls.fetchAdminDesign(input.number)),
      // The file is forgotten only once it is up: after a refusal or a lost connection the panel
      // still shows it, and "Upload proof" sends it again.
      uploadProof: fromPromise(async ({ input }) => {
        const view = await calls.uploadProof(input.number, peekPickedFile(input.file), input.note);
        forgetPickedFile(input.file);
        return view;
      }),
    },
  });
}
