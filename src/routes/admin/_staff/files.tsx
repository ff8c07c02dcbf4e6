import { createFileRoute } from '@tanstack/react-router';
import { FilesPage } from '../../../features/admin/files/FilesPage';
import { parseFilesSearch } from '../../../lib/adminSearch/files';

export const Route = createFileRoute('/admin/_staff/files')({
  validateSearch: parseFilesSearch,
  component: function AdminFiles() {
    const navigate = Route.useNavigate();
    return <FilesPage search={Route.useSearch()} navigate={(search) => void navigate({ search })} />;
  },
});
