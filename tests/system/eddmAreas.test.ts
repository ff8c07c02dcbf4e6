import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { EddmArea } from '../../contract/directMail';
import type { EddmAreasEvent } from '../../machines/eddm/eddmAreas.machine';
import type { Result } from '../../src/api/result';
import { type EddmAreasApi, eddmAreasLogic } from '../../src/system/eddmAreas';
import { fakeApp, flush } from './fakeApp';

const area = (id: string, name: string): EddmArea => ({
  id,
  name,
  routes: [],
  missing: [],
  counts_unavailable: false,
  residential_only: false,
  pieces: 0,
  zips: [],
  created_by: 'Dana Reyes',
  may_change: true,
  created_at: '2027-01-11T09:00:00Z',
  updated_at: '2027-01-11T09:00:00Z',
});

const refused = (status: number, message: string): Result<never> => ({
  ok: false,
  message,
  fieldErrors: {},
  status,
});

/** The saved areas as the every-door page creates them, with one area listed and every change answered `answer`. */
async function openAreas(answer: () => Result<EddmArea>) {
  const api: EddmAreasApi = {
    fetchEddmAreas: async () => [area('a-1', 'Around the shop')],
    createEddmArea: async () => answer(),
    updateEddmArea: async () => answer(),
    deleteEddmArea: async () => {
      const result = answer();
      return result.ok ? { ...result, data: null } : result;
    },
  };
  const harness = fakeApp();
  const areas = createActor(eddmAreasLogic(harness.app, api), harness.app.actorOptions).start();
  areas.send({ type: 'areas.load' });
  await flush();
  return areas;
}

const SAVE: EddmAreasEvent = {
  type: 'areas.save',
  draft: { name: 'Downtown', routes: ['60614C001'], residentialOnly: false },
};

/** Each change, and what the page says when the API refuses it without a sentence. */
const ACTIONS: Array<[name: string, change: EddmAreasEvent, ownSentence: string]> = [
  ['saving', SAVE, 'The area could not be saved.'],
  ['renaming', { type: 'areas.rename', id: 'a-1', name: 'Downtown' }, 'The area could not be renamed.'],
  ['deleting', { type: 'areas.deleteConfirmed' }, 'The area could not be deleted.'],
];

type Areas = Awaited<ReturnType<typeof openAreas>>;
async function act(areas: Areas, action: EddmAreasEvent) {
  if (action.type === 'areas.deleteConfirmed') areas.send({ type: 'areas.deleteRequested', id: 'a-1' });
  areas.send(action);
  await flush();
}

describe('the saved every-door areas as the app provides them (src/system/eddmAreas.ts)', () => {
  it.each(ACTIONS)('%s refused: the page says the API’s sentence, and keeps the list', async (_, action) => {
    const areas = await openAreas(() => refused(409, 'Your team already has an area called “Downtown”.'));
    await act(areas, action);
    const { context } = areas.getSnapshot();
    expect(context.actionError).toBe('Your team already has an area called “Downtown”.');
    expect(context.areas.map((a) => a.name)).toEqual(['Around the shop']);
  });

  it.each(ACTIONS)('%s refused without a sentence: the page says its own', async (_, action, own) => {
    const areas = await openAreas(() => refused(500, ''));
    await act(areas, action);
    expect(areas.getSnapshot().context.actionError).toBe(own);
  });

  it('a save answered: the area is listed first', async () => {
    const areas = await openAreas(() => ({ ok: true, data: area('a-2', 'Downtown'), message: 'Saved.' }));
    await act(areas, SAVE);
    expect(areas.getSnapshot().context.areas.map((a) => a.name)).toEqual(['Downtown', 'Around the shop']);
    expect(areas.getSnapshot().context.actionError).toBeNull();
  });
});
