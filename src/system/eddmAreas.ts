import { createActor, fromPromise } from 'xstate';
import { eddmAreasMachine } from '../../machines/eddm/eddmAreas.machine';
import { createEddmArea, deleteEddmArea, updateEddmArea } from '../api/directMail';
import type { Result } from '../api/result';
import type { AppSystem } from './app';
import { directMailCalls } from './directMailCalls';
import { eddmActorOf } from './eddm';

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

/** The data of a result, or an error whose cause carries the API's sentence (what the machine shows). */
function dataOrThrow<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.message, { cause: { message: result.message } });
  return result.data;
}

/** The saved-areas machine with its effects: the API, and the every-door actor a used area goes to. */
export function eddmAreasLogic(app: AppSystem, api = eddmAreasApi) {
  return eddmAreasMachine.provide({
    actors: {
      loadAreas: fromPromise(() => api.fetchEddmAreas()),
      createArea: fromPromise(async ({ input }) =>
        dataOrThrow(
          await api.createEddmArea({
            name: input.name,
            routes: input.routes,
            residential_only: input.residentialOnly,
          }),
        ),
      ),
      renameArea: fromPromise(async ({ input }) =>
        dataOrThrow(await api.updateEddmArea(input.id, { name: input.name })),
      ),
      deleteArea: fromPromise(async ({ input }) => dataOrThrow(await api.deleteEddmArea(input.id))),
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
