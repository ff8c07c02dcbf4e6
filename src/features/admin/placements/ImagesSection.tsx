import { type ChangeEvent, useState } from 'react';
import type { AdminPlacement } from '../../../../contract/adminCatalogue';
import { placementCalls } from '../../../system/admin/placements';
import { Button } from '../../../ui/Button';
import { FormAlert } from '../../../ui/form/FormAlert';
import { EditorSection } from './fields';

/**
 * The placement's pictures, saved at once apart from the form (the server resizes each to 1200×800):
 * the first is the one the shop shows.
 */
export function ImagesSection({
  placement,
  onChanged,
}: {
  placement: AdminPlacement | null;
  onChanged: (placement: AdminPlacement) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (work: () => Promise<AdminPlacement>) => {
    setBusy(true);
    setProblem(null);
    try {
      onChanged(await work());
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The picture could not be saved.');
    } finally {
      setBusy(false);
    }
  };
  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file && placement) void run(() => placementCalls.addPlacementImage(placement.mediacode, file));
  };

  return (
    <EditorSection title="Images">
      {!placement ? (
        <p className="text-sm text-ink-muted">Save the placement first, then add its pictures.</p>
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {placement.images.map((image, i) => (
              <li key={image.id} className="grid gap-1">
                <img
                  src={image.url}
                  alt={`${placement.name}, ${i + 1} of ${placement.images.length}`}
                  className="aspect-[3/2] w-full rounded-lg object-cover"
                />
                <Button
                  variant="ghost"
                  inactive={busy}
                  onClick={() =>
                    run(() => placementCalls.removePlacementImage(placement.mediacode, image.id))
                  }
                  aria-label={`Remove picture ${i + 1}`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <label className="grid gap-1 text-sm font-semibold text-ink">
            Add a picture
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              onChange={add}
              disabled={busy}
            />
          </label>
          {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
        </>
      )}
    </EditorSection>
  );
}
