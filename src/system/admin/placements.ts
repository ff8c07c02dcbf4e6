import { fromPromise } from 'xstate';
import type { AdminMarkets, PlacementsQuery } from '../../../contract/adminCatalogue';
import { placementEditorMachine } from '../../../machines/admin/placementEditor.machine';
import { createRequestMachine } from '../../../machines/request/request.machine';
import * as api from '../../api/admin/placements';

/** The placements table: GET /admin/placements for the search the page's address holds. */
const placementsListMachine = createRequestMachine<PlacementsQuery, api.PlacementsPage>({
  id: 'placementsList',
});

export const placementsListLogic = (placements = api) =>
  placementsListMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: { key: PlacementsQuery } }) =>
        placements.fetchPlacements(input.key),
      ),
    },
  });

/** Every market, once: what the table's filter and the editor's market are chosen from. */
const marketsMachine = createRequestMachine<'markets', AdminMarkets>({ id: 'adminMarkets' });

export const marketsLogic = (placements = api) =>
  marketsMachine.provide({ actors: { load: fromPromise(() => placements.fetchMarkets()) } });

/** The editor of one placement (or a new one); `onCreated` goes to a new placement's own page. */
export const placementEditorLogic = (onCreated: (mediacode: string) => void, placements = api) =>
  placementEditorMachine.provide({
    actors: {
      loadPlacement: fromPromise(({ input }: { input: { mediacode: string } }) =>
        placements.fetchPlacement(input.mediacode),
      ),
      savePlacement: fromPromise(({ input }) => placements.savePlacement(input)),
    },
    actions: { placementCreated: (_, { mediacode }) => onCreated(mediacode) },
  });
