import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { PlacementsPage } from '../../../../features/admin/placements/PlacementsPage';
import { parsePlacementsSearch } from '../../../../lib/adminSearch/placements';
import { rawSearch } from '../../../../lib/searchParams';

export const Route = createFileRoute('/admin/_staff/placements/')({
  validateSearch: rawSearch,
  component: function Placements() {
    const search = Route.useSearch();
    return <PlacementsPage search={useMemo(() => parsePlacementsSearch(search), [search])} />;
  },
});
