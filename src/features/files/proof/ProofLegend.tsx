import { inches } from '../../../../contract/specRequirements';
import { Switch } from '../../../ui/Switch';
import type { ProofBoxes } from './proofBoxes';

function Swatch({ className }: { className: string }) {
  return <span aria-hidden="true" className={`inline-block h-0 w-8 shrink-0 border-t-2 ${className}`} />;
}

/**
 * Which line is which over print artwork, the same facts in one sentence for a screen reader (and
 * anyone), and the switch that shows or hides the lines.
 */
export function ProofLegend({
  boxes,
  showBoxes,
  onShowBoxes,
  marked,
  id,
}: {
  boxes: ProofBoxes | null;
  showBoxes: boolean;
  onShowBoxes(show: boolean): void;
  /** Whether a failed check is marked on the proof. */
  marked: boolean;
  /** The description's id, for the proof to point at. */
  id: string;
}) {
  if (!boxes && !marked) return null;
  return (
    <div className="grid gap-2 rounded-2xl border border-primary-100 p-3 text-sm">
      {boxes ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id={id} className="text-ink">
              {boxes.description}
            </p>
            <Switch checked={showBoxes} onChange={onShowBoxes} label="Show boxes" />
          </div>
          <ul aria-label="What the lines show" className="flex flex-wrap gap-x-5 gap-y-1 text-ink-soft">
            <li className="flex items-center gap-2">
              <Swatch className="border-primary-700" />
              Trim: where the page is cut
            </li>
            <li className="flex items-center gap-2">
              <Swatch className="border-dotted border-sunshine-600" />
              Bleed: the page's edge, {inches(boxes.bleed)} in past the trim
            </li>
            <li className="flex items-center gap-2">
              <Swatch className="border-dashed border-mint-700" />
              Safe area: {inches(boxes.safe)} in inside the trim (our default: the spec names none)
            </li>
            {marked ? (
              <li className="flex items-center gap-2">
                <Swatch className="border-dashed border-coral-700" />
                Numbered red frame: where a check failed
              </li>
            ) : null}
          </ul>
        </>
      ) : (
        <p className="text-ink-soft">
          <Swatch className="mr-2 border-dashed border-coral-700" />
          Numbered red frames show where a check failed.
        </p>
      )}
    </div>
  );
}
