import { createFileRoute } from '@tanstack/react-router';
import { FilesPage } from '../../features/files/FilesPage';
import { type FilesSearch, parseFilesSearch } from '../../features/files/filesSearch';

export const Route = createFileRoute('/_dashboard/files')({
  // The route's options stay in the first bundle while its component is split off: the search is
  // only typed here and read in full (unknown values dropped) by parseFilesSearch in the page's chunk.
  validateSearch: (search: Record<string, unknown>) => search as FilesSearch,
  component: function AdFiles() {
    return <FilesPage search={parseFilesSearch(Route.useSearch())} />;
  },
});
