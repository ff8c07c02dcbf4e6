import { createFileRoute } from '@tanstack/react-router';
import { FilePage } from '../../features/files/proof/FilePage';

export const Route = createFileRoute('/_dashboard/files_/$id')({
  // Keyed by the id: another file is another proof, with its own actor.
  component: function AdFileRoute() {
    const { id } = Route.useParams();
    return <FilePage key={id} id={id} />;
  },
});
