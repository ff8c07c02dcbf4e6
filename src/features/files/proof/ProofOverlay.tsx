import type { NumberedPlace, ProofBoxes } from './proofBoxes';
import type { ProofPin } from './proofKind';

const percent = (fraction: number) => `${fraction * 100}%`;

/**
 * What is drawn over a page: the trim, bleed and safe-area lines, the places where a check failed
 * (red dashed frames numbered as in the list of checks) and comments' pins. Pictures only: the legend,
 * the boxes' description and the list of checks say the same in words.
 */
export function ProofOverlay({
  boxes,
  marks,
  pins,
}: {
  boxes: ProofBoxes | null;
  marks: readonly NumberedPlace[];
  pins: readonly (ProofPin & { number: number })[];
}) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      {boxes ? (
        <svg
          data-testid="proof-boxes"
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          className="absolute inset-0 size-full overflow-visible"
        >
          <title>Trim, bleed and safe area</title>
          <rect
            x="0"
            y="0"
            width="100"
            height="100"
            fill="none"
            strokeWidth="2"
            strokeDasharray="2 4"
            vectorEffect="non-scaling-stroke"
            className="stroke-sunshine-600"
          />
          <rect
            x={boxes.trimBox.x * 100}
            y={boxes.trimBox.y * 100}
            width={boxes.trimBox.width * 100}
            height={boxes.trimBox.height * 100}
            fill="none"
            strokeWidth="2"
            vectorEffect="non-scaling-stroke"
            className="stroke-primary-700"
          />
          <rect
            x={boxes.safeBox.x * 100}
            y={boxes.safeBox.y * 100}
            width={boxes.safeBox.width * 100}
            height={boxes.safeBox.height * 100}
            fill="none"
            strokeWidth="2"
            strokeDasharray="10 5"
            vectorEffect="non-scaling-stroke"
            className="stroke-mint-700"
          />
        </svg>
      ) : null}
      {marks.map((mark) => (
        <div
          key={mark.number}
          className="absolute border-2 border-dashed border-coral-700"
          style={{
            left: percent(mark.x),
            top: percent(mark.y),
            width: percent(mark.width),
            height: percent(mark.height),
          }}
        >
          <span className="absolute -top-3 -left-3 flex size-6 items-center justify-center rounded-full bg-coral-700 text-xs font-bold text-white">
            {mark.number}
          </span>
        </div>
      ))}
      {pins.map((pin) => (
        <span
          key={pin.id}
          title={pin.label}
          className="absolute flex size-7 -translate-x-1/2 -translate-y-full items-center justify-center rounded-full rounded-bl-none bg-primary-700 text-xs font-bold text-white shadow"
          style={{ left: percent(pin.x), top: percent(pin.y) }}
        >
          {pin.number}
        </span>
      ))}
    </div>
  );
}
