import { fromPromise } from 'xstate';
import type { AdminMarkets, AdminPlacement, PlacementsQuery } from '../../../contract/adminCatalogue';
import { placementEditorMachine } from '../../../machines/admin/placementEditor.machine';
import { createRequestMachine } from '../../../machines/request/request.machine';
import * as api from '../../api/admin/placements';
import { orApiSentence } from '../results';

/** The catalogue's calls as the machines and the images section take them: the data, or why not. */
export const placementCalls = {
  fetchPlacements: orApiSentence(
    api.fetchPlacements,
    'The placements could not be loaded. Please try again.',
  ),
  fetchPlacement: orApiSentence(api.fetchPlacement, 'The placement could not be loaded. Please try again.'),
  fetchMarkets: orApiSentence(api.fetchMarkets, 'The markets could not be loaded.'),
  savePlacement: orApiSentence(api.savePlacement, 'The placement could not be saved. Please try again.'),
  /** A refused picture says why by its field (too large, not an image), else by the API's sentence. */
  addPlacementImage: async (mediacode: string, file: File): Promise<AdminPlacement> => {
    const result = await api.addPlacementImage(mediacode, file);
    if (!result.ok) throw new Error(result.fieldErrors.image ?? result.message);
    return result.data;
  },
  removePlacementImage: orApiSentence(api.removePlacementImage, 'The picture could not be removed.'),
};

/** The placements table: GET /admin/placements for the search the page's address holds. */
const placementsListMachine = createRequestMachine<PlacementsQuery, api.PlacementsPage>({
  id: 'placementsList',
});

export const placementsListLogic = (placements = placementCalls) =>
  placementsListMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: { key: PlacementsQuery } }) =>
        placements.fetchPlacements(input.key),
      ),
    },
  });

/** Every market, once: what the table's filter and the editor's market are chosen from. */
const marketsMachine = createRequestMachine<'markets', AdminMarkets>({ id: 'adminMarkets' });

export const marketsLogic = (placements = placementCalls) =>
  marketsMachine.provide({ actors: { load: fromPromise(() => placements.fetchMarkets()) } });

/** The editor of one placement (or a new one); `onCreated` goes to a new placement's own page. */
export const placementEditorLogic = (onCreated: (mediacode: string) => void, placements = placementCalls) =>
  placementEditorMachine.provide({
    actors: {
      loadPlacement: fromPromise(({ input }: { input: { mediacode: string } }) =>
        placements.fetchPlacement(input.mediacode),
      ),
      savePlacement: fromPromise(({ input }) => placements.savePlacement(input)),
    },
    actions: { placementCreated: (_, { mediacode }) => onCreated(mediacode) },
  });
