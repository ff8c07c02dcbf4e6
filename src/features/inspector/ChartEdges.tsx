import type { Chart } from './layoutChart';

/** The head of a transition's arrow, for `marker-end`: a lit transition's is larger and coral. */
function ArrowHead({ id, size, colour }: { id: string; size: number; colour: string }) {
  return (
    <marker
      id={id}
      viewBox="0 0 10 10"
      refX="9"
      refY="5"
      markerWidth={size}
      markerHeight={size}
      orient="auto"
    >
      <path d="M0,0 L10,5 L0,10 z" fill={colour} />
    </marker>
  );
}

/** The two arrow heads the transitions end with (ChartEdges), defined once per chart. */
export function ArrowHeads() {
  return (
    <defs>
      <ArrowHead id="arrow" size={6} colour="#9369fb" />
      <ArrowHead id="arrow-lit" size={7} colour="#e2574c" />
    </defs>
  );
}

/**
 * A chart's transitions with their labels: those of the picked state lit, the others dimmed, and
 * those the model tests never took dashed when coverage is shown.
 */
export function ChartEdges({
  chart,
  selected,
  covered,
}: {
  chart: Chart;
  selected: string | null;
  covered: Set<string> | null;
}) {
  return (
    <>
      {chart.edges.map((edge) => {
        const lit = selected !== null && edge.sourceId === selected;
        const dim = selected !== null && !lit;
        const missedEdge = covered !== null && !covered.has(edge.key);
        return (
          <g
            // An edge with several sections is drawn once per section.
            key={`${edge.id}@${edge.points[0]?.x},${edge.points[0]?.y}`}
            data-transition={edge.key}
            data-lit={lit || undefined}
            data-covered={covered ? String(!missedEdge) : undefined}
            opacity={dim ? 0.25 : 1}
          >
            <polyline
              points={edge.points.map((p) => `${p.x},${p.y}`).join(' ')}
              fill="none"
              stroke={lit ? '#e2574c' : missedEdge ? '#e2574c' : '#b59bff'}
              strokeWidth={lit ? 2.5 : 1.25}
              strokeDasharray={missedEdge ? '6 4' : undefined}
              markerEnd={lit ? 'url(#arrow-lit)' : 'url(#arrow)'}
            />
            {edge.labelAt && edge.labelSize ? (
              <>
                <rect
                  x={edge.labelAt.x - 2}
                  y={edge.labelAt.y - 1}
                  width={edge.labelSize.width + 4}
                  height={edge.labelSize.height + 2}
                  rx={3}
                  fill="#ffffff"
                  opacity={0.9}
                />
                <text
                  x={edge.labelAt.x}
                  y={edge.labelAt.y + 11}
                  fontSize={10}
                  fontWeight={lit ? 700 : 400}
                  fill={lit || missedEdge ? '#b3362c' : '#5224b3'}
                >
                  {edge.label}
                </text>
              </>
            ) : null}
          </g>
        );
      })}
    </>
  );
}
