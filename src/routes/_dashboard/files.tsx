import { createFileRoute } from '@tanstack/react-router';
import { FilesPage } from '../../features/files/FilesPage';
import { loadFilesLibrary } from '../../features/files/filesLibrary';
import { type FilesSearch, parseFilesSearch } from '../../features/files/filesSearch';
import { heldActorRoute } from '../../system/heldActorRoute';

export const Route = createFileRoute('/_dashboard/files')({
  // The loader (and the library's code it loads) loads with the page, not with the first route.
  codeSplitGroupings: [['loader', 'component']],
  // The route's options stay in the first bundle while its component is split off: the search is
  // only typed here and read in full (unknown values dropped) by parseFilesSearch in the page's chunk.
  validateSearch: (search: Record<string, unknown>) => search as FilesSearch,
  // The library's filters as the address holds them (the run an upload is for is not among them).
  loaderDeps: ({ search: { view, order, placement, sheet, person } }) => ({
    view,
    order,
    placement,
    sheet,
    person,
  }),
  // The library, held by the route while it is shown, is told the filters.
  loader: (load) => loadFilesLibrary(load, load.deps),
  ...heldActorRoute,
  component: function AdFiles() {
    return <FilesPage search={parseFilesSearch(Route.useSearch())} files={Route.useLoaderData()} />;
  },
});
