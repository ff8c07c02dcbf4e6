import { fromPromise } from 'xstate';
import { designPanelMachine } from '../../../machines/admin/designPanel.machine';
import * as designApi from '../../api/admin/design';
import { forgetPickedFile, peekPickedFile } from '../pickedFiles';

/** The studio's design panel (issue 31): the brief and proofs, and a proof uploaded with its note. */
export function designPanelLogic(api: typeof designApi = designApi) {
  return designPanelMachine.provide({
    actors: {
      loadDesign: fromPromise(({ input }) => api.fetchAdminDesign(input.number)),
      // The file is forgotten only once it is up: after a refusal or a lost connection the panel
      // still shows it, and "Upload proof" sends it again.
      uploadProof: fromPromise(async ({ input }) => {
        const view = await api.uploadProof(input.number, peekPickedFile(input.file), input.note);
        forgetPickedFile(input.file);
        return view;
      }),
    },
  });
}
