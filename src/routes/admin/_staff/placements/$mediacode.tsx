import { createFileRoute } from '@tanstack/react-router';
import { PlacementEditor } from '../../../../features/admin/placements/PlacementEditor';

export const Route = createFileRoute('/admin/_staff/placements/$mediacode')({
  component: function EditPlacement() {
    const { mediacode } = Route.useParams();
    // A new editor for each placement: its machine belongs to the code it loaded.
    return <PlacementEditor key={mediacode} mediacode={mediacode.toUpperCase()} />;
  },
});
