import { fromPromise } from 'xstate';
import { designPanelMachine } from '../../../machines/admin/designPanel.machine';
import * as designApi from '../../api/admin/design';
import { takePickedFile } from '../pickedFiles';

/** The studio's design panel (issue 31): the brief and proofs, and a proof uploaded with its note. */
export function designPanelLogic(api: typeof designApi = designApi) {
  return designPanelMachine.provide({
    actors: {
      loadDesign: fromPromise(({ input }) => api.fetchAdminDesign(input.number)),
      uploadProof: fromPromise(async ({ input }) =>
        api.uploadProof(input.number, takePickedFile(input.file), input.note),
      ),
    },
  });
}
