import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { FILE_QUEUE_STATES } from '../../../../contract/adminFiles';
import { FilesPage } from '../../../features/admin/files/FilesPage';

const filesSearch = z.object({
  state: z.enum(FILE_QUEUE_STATES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});

export const Route = createFileRoute('/admin/_staff/files')({
  validateSearch: filesSearch,
  component: function AdminFiles() {
    const navigate = Route.useNavigate();
    return <FilesPage search={Route.useSearch()} navigate={(search) => void navigate({ search })} />;
  },
});
