import { createFileRoute } from '@tanstack/react-router';
import { PlacementsPage } from '../../../../features/admin/placements/PlacementsPage';
import { parsePlacementsSearch } from '../../../../lib/adminSearch/placements';

export const Route = createFileRoute('/admin/_staff/placements/')({
  validateSearch: parsePlacementsSearch,
  component: function Placements() {
    return <PlacementsPage search={Route.useSearch()} />;
  },
});
