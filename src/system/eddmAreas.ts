import { createActor, fromPromise } from 'xstate';
import { eddmAreasMachine } from '../../machines/eddm/eddmAreas.machine';
import { createEddmArea, deleteEddmArea, updateEddmArea } from '../api/directMail';
import type { AppSystem } from './app';
import { directMailCalls } from './directMailCalls';
import { eddmActorOf } from './eddm';
import { dataOr } from './results';

/** The saved areas' API calls (GET/POST/PATCH/DELETE /eddm/areas). */
export interface EddmAreasApi {
  fetchEddmAreas: typeof directMailCalls.fetchEddmAreas;
  createEddmArea: typeof createEddmArea;
  updateEddmArea: typeof updateEddmArea;
  deleteEddmArea: typeof deleteEddmArea;
}

export const eddmAreasApi: EddmAreasApi = {
  fetchEddmAreas: directMailCalls.fetchEddmAreas,
  createEddmArea,
  updateEddmArea,
  deleteEddmArea,
};

/** The saved-areas machine with its effects: the API, and the every-door actor a used area goes to. */
export function eddmAreasLogic(app: AppSystem, api = eddmAreasApi) {
  return eddmAreasMachine.provide({
    actors: {
      loadAreas: fromPromise(() => api.fetchEddmAreas()),
      // A refusal's cause carries the API's sentence, which the machine shows (apiMessageOf).
      createArea: fromPromise(async ({ input }) =>
        dataOr(
          await api.createEddmArea({
            name: input.name,
            routes: input.routes,
            residential_only: input.residentialOnly,
          }),
          // The log's words: the machine shows the API's sentence, or its own.
          'Error saving your area',
        ),
      ),
      renameArea: fromPromise(async ({ input }) =>
        dataOr(await api.updateEddmArea(input.id, { name: input.name }), 'Error renaming your area'),
      ),
      deleteArea: fromPromise(async ({ input }) =>
        dataOr(await api.deleteEddmArea(input.id), 'Error deleting your area'),
      ),
    },
    actions: {
      applyArea: ({ context }, { id }) => {
        const area = context.areas.find((a) => a.id === id);
        if (!area) return;
        eddmActorOf(app).send({
          type: 'eddm.routesApplied',
          routes: area.routes,
          residentialOnly: area.residential_only,
        });
      },
    },
  });
}

const createEddmAreasActor = (app: AppSystem) =>
  createActor(eddmAreasLogic(app), { ...app.actorOptions, systemId: 'eddmAreas' }).start();

export type EddmAreasActor = ReturnType<typeof createEddmAreasActor>;

/** The saved areas of the every-door page, kept by the app like the page's own actor. */
export const eddmAreasActorOf = (app: AppSystem): EddmAreasActor =>
  app.pageActor('eddmAreas', () => createEddmAreasActor(app));
