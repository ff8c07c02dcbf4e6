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
  pins: readonly ProofPin[];
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
          {/* Each line over a white one, so it reads on dark and light artwork alike. */}
          {(
            [
              { box: { x: 0, y: 0, width: 1, height: 1 }, dash: '2 4', tone: 'stroke-sunshine-600' },
              { box: boxes.trimBox, dash: undefined, tone: 'stroke-primary-700' },
              { box: boxes.safeBox, dash: '10 5', tone: 'stroke-mint-700' },
            ] as const
          ).map(({ box, dash, tone }) => (
            <g key={tone}>
              <rect
                x={box.x * 100}
                y={box.y * 100}
                width={box.width * 100}
                height={box.height * 100}
                fill="none"
                strokeWidth="4"
                vectorEffect="non-scaling-stroke"
                className="stroke-white/80"
              />
              <rect
                x={box.x * 100}
                y={box.y * 100}
                width={box.width * 100}
                height={box.height * 100}
                fill="none"
                strokeWidth="2"
                strokeDasharray={dash}
                vectorEffect="non-scaling-stroke"
                className={tone}
              />
            </g>
          ))}
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
          // The pointed bottom-left corner sits on the point picked: raised by its height only.
          className="absolute flex size-7 -translate-y-full items-center justify-center rounded-full rounded-bl-none bg-primary-700 text-xs font-bold text-white shadow"
          style={{ left: percent(pin.x), top: percent(pin.y) }}
        >
          {pin.label}
        </span>
      ))}
    </div>
  );
}
