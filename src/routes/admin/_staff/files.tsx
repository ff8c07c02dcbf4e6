import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { FilesPage } from '../../../features/admin/files/FilesPage';
import { parseFilesSearch } from '../../../lib/adminSearch/files';
import { rawSearch } from '../../../lib/searchParams';

export const Route = createFileRoute('/admin/_staff/files')({
  validateSearch: rawSearch,
  component: function AdminFiles() {
    const navigate = Route.useNavigate();
    const raw = Route.useSearch();
    const search = useMemo(() => parseFilesSearch(raw), [raw]);
    return <FilesPage search={search} navigate={(next) => void navigate({ search: { ...next } })} />;
  },
});
