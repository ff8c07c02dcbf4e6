import { createFileRoute } from '@tanstack/react-router';
import { FilesPage } from '../../features/files/FilesPage';
import { parseFilesSearch } from '../../features/files/filesSearch';

export const Route = createFileRoute('/_dashboard/files')({
  validateSearch: parseFilesSearch,
  component: function AdFiles() {
    return <FilesPage search={Route.useSearch()} />;
  },
});
