import { useSelector } from '@xstate/react';
import { type ActorRefFrom, createActor, type SnapshotFrom } from 'xstate';
import { selectUserData } from '../../../machines/session/selectors';
import type { AppSystem } from '../../system/app';
import { type FilesKey, filesLogic, type filesMachine } from '../../system/files';
import { type RouteActorLoad, routeActorFor } from '../../system/routeActorFor';
import { personOf } from './filesHref';
import { type FilesSearch, parseFilesSearch } from './filesSearch';

/** The library of /files, held by its route while it is shown. */
export type FilesActor = ActorRefFrom<typeof filesMachine>;

/** Which files the library shows, as the address names them. */
type LibraryFilters = Pick<FilesKey, 'view' | 'order' | 'placement' | 'sheet' | 'person'>;

const filtersOf = (search: FilesSearch): LibraryFilters => ({
  view: search.view ?? 'all',
  order: search.order ?? null,
  placement: search.placement ?? null,
  sheet: search.sheet ?? null,
  person: personOf(search),
});

/** How many times the library was read again on the page (an upload, a change): kept across filters. */
const versionIn = (snapshot: SnapshotFrom<typeof filesMachine>): number => snapshot.context.key?.version ?? 0;

/** The signed-in customer's files with these filters (never another customer's answer), or nothing to ask. */
function keyOf(app: AppSystem, filters: LibraryFilters, version: number): FilesKey | null {
  const customer = selectUserData(app.session.getSnapshot())?.uuid;
  return customer ? { customer, ...filters, version } : null;
}

/**
 * The loader of /files (src/routes/_dashboard/files.tsx): the library, which the route holds while it
 * is shown, told the filters its address names (read in full here: the route's options, in the first
 * bundle, only pick them from the address).
 */
export const loadFilesLibrary = (load: RouteActorLoad, search: FilesSearch): Promise<FilesActor> =>
  routeActorFor(
    load,
    filtersOf(parseFilesSearch({ ...search })),
    (app, filters) =>
      createActor(filesLogic(), { ...app.actorOptions, input: { key: keyOf(app, filters, 0) } }),
    (actor, filters, app) =>
      actor.send({ type: 'request.keyChanged', key: keyOf(app, filters, versionIn(actor.getSnapshot())) }),
  );

/**
 * An upload finished, an approval was decided or a file changed: the library is read again, with the
 * filters it shows (the address did not change, so its route is not loaded again).
 */
export function readLibraryAgain(actor: FilesActor): void {
  const key = actor.getSnapshot().context.key;
  if (key) actor.send({ type: 'request.keyChanged', key: { ...key, version: key.version + 1 } });
}

/** The library's reads again so far, which the approval requests above it follow. */
export const useLibraryVersion = (actor: FilesActor): number => useSelector(actor, versionIn);
