import { createFileRoute } from '@tanstack/react-router';
import { PlacementEditor } from '../../../../features/admin/placements/PlacementEditor';

export const Route = createFileRoute('/admin/_staff/placements/new')({
  component: function NewPlacement() {
    return <PlacementEditor mediacode={null} />;
  },
});
