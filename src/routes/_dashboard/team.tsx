import { createFileRoute } from '@tanstack/react-router';
import { fetchTeam } from '../../api/auth';
import { TeamPage } from '../../features/dashboard/TeamPage';

export const Route = createFileRoute('/_dashboard/team')({
  loader: () => fetchTeam(),
  component: () => <TeamPage team={Route.useLoaderData()} />,
});
