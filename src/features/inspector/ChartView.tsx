import { Maximize, Minus, Plus } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useCallback, useRef, useState } from 'react';
import { ArrowHeads, ChartEdges } from './ChartEdges';
import type { Chart, ChartBox } from './layoutChart';
import { around, fitView, reveal, type Size, type View, zoomAt } from './viewport';

const PAN_STEP = 60;
const ZOOM_STEP = 1.25;
/** A press that moves less than this is a click (on a state), not a drag. */
const DRAG_THRESHOLD = 4;

export interface ChartViewProps {
  name: string;
  chart: Chart;
  /** The ids of the state nodes the actor is in. */
  active: Set<string>;
  selected: string | null;
  onSelect: (id: string | null) => void;
  /** The transitions the last model run took (by key), or null when coverage is not shown. */
  covered: Set<string> | null;
  /** Whether the view moves to keep the active states on screen as they change. */
  follow: boolean;
}

const button =
  'inline-flex size-9 items-center justify-center rounded-lg border border-primary-100 bg-white text-primary-700 hover:bg-primary-50';

/**
 * A statechart you can move around: drag or arrow keys to pan, the wheel or + and − to zoom, 0 or
 * the Fit button to see it whole. It fits the panel when a machine is opened, and follows the active
 * states as they change. A state picked (click, or Enter on it) has its transitions lit.
 */
export function ChartView({ name, chart, active, selected, onSelect, covered, follow }: ChartViewProps) {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  const [view, setView] = useState<View>({ x: 0, y: 0, k: 1 });
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);
  /** Whether the last press was a drag: its click (on a state) picks nothing. */
  const dragged = useRef(false);
  const sizeRef = useRef(size);
  sizeRef.current = size;

  // The panel's size as it changes, and the wheel zooming around the pointer (React's wheel handler
  // is passive and cannot keep the page still): bound once, when the panel is drawn.
  const panel = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const at = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      setView((current) => zoomAt(current, Math.exp(-event.deltaY * 0.0015), at));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      observer.disconnect();
      element.removeEventListener('wheel', onWheel);
    };
  }, []);

  // A new chart (another machine) is fitted to the panel once the panel has a size. Set while
  // rendering, as React adjusts state to a changed prop: the view is drawn fitted, never unfitted.
  const [fitted, setFitted] = useState<Chart | null>(null);
  if (size.width > 0 && fitted !== chart) {
    setFitted(chart);
    setView(fitView(chart, size));
  }

  // The active leaf states stay on screen as they change (not on every redraw: a person who moved
  // the view away keeps it until the actor moves on).
  const activeKey = [...active].sort().join(' ');
  const [followed, setFollowed] = useState({ activeKey, follow, chart });
  if (followed.activeKey !== activeKey || followed.follow !== follow || followed.chart !== chart) {
    setFollowed({ activeKey, follow, chart });
    const ids = new Set(activeKey.split(' '));
    const target = around(chart.boxes.filter((box) => ids.has(box.id) && !box.compound));
    if (follow && size.width > 0 && target) setView((current) => reveal(current, target, size));
  }

  const centre = () => ({ x: size.width / 2, y: size.height / 2 });
  const zoomBy = (factor: number) => setView((current) => zoomAt(current, factor, centre()));
  const fitNow = () => setView(fitView(chart, size));

  // From the panel or from a state in it (Enter and Space on a state pick it).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    };
    const move = moves[event.key];
    if (move) setView((v) => ({ ...v, x: v.x + move[0], y: v.y + move[1] }));
    else if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') zoomBy(1 / ZOOM_STEP);
    else if (event.key === '0') fitNow();
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    drag.current = { x: event.clientX, y: event.clientY, view, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    // Released outside the panel before the drag took the pointer: that drag is over.
    if ((event.buttons & 1) === 0) {
      drag.current = null;
      return;
    }
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!start.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!start.moved) event.currentTarget.setPointerCapture(event.pointerId);
    start.moved = true;
    setView({ ...start.view, x: start.view.x + dx, y: start.view.y + dy });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    drag.current = null;
    dragged.current = start?.moved ?? false;
    if (start?.moved && event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  };
  const select = (box: ChartBox) => {
    if (dragged.current) return;
    onSelect(selected === box.id ? null : box.id);
  };
  const missed = covered ? chart.edges.filter((edge) => !covered.has(edge.key)).length : 0;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={button} aria-label="Zoom in" onClick={() => zoomBy(ZOOM_STEP)}>
          <Plus aria-hidden="true" className="size-4" />
        </button>
        <button type="button" className={button} aria-label="Zoom out" onClick={() => zoomBy(1 / ZOOM_STEP)}>
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          className={`${button} w-auto gap-1.5 px-3 text-sm font-semibold`}
          onClick={fitNow}
        >
          <Maximize aria-hidden="true" className="size-4" />
          Fit
        </button>
        <output className="font-mono text-xs text-ink-soft" aria-label="Zoom">
          {Math.round(view.k * 100)}%
        </output>
        {covered ? (
          <p className="ml-auto text-xs text-ink-soft">
            <span className="mr-1 inline-block h-0 w-6 border-t-2 border-dashed border-coral align-middle" />
            {missed === 0
              ? 'Every transition was taken by the model tests'
              : `${missed} of ${chart.edges.length} transitions never taken by the model tests`}
          </p>
        ) : null}
      </div>
      <div
        ref={panel}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a widget of its own (arrows, + and − move and zoom the chart, not the page).
        tabIndex={0}
        role="application"
        aria-label={`Chart of ${name}: drag or arrow keys to move, wheel or + and − to zoom, 0 to fit`}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        className="relative h-[min(70vh,560px)] cursor-grab touch-none overflow-hidden rounded-2xl border border-primary-100 bg-white focus-visible:outline-2 focus-visible:outline-primary active:cursor-grabbing"
      >
        <svg
          role="img"
          aria-label={`Statechart of ${name}`}
          width="100%"
          height="100%"
          className="select-none"
        >
          <ArrowHeads />
          <g
            data-testid="chart-view"
            data-zoom={view.k.toFixed(3)}
            data-pan={`${Math.round(view.x)},${Math.round(view.y)}`}
            transform={`translate(${view.x} ${view.y}) scale(${view.k})`}
          >
            {chart.boxes.map((box) => {
              const on = active.has(box.id);
              const picked = selected === box.id;
              return (
                // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>.
                <g
                  key={box.id}
                  data-state={box.id}
                  data-active={on || undefined}
                  role="button"
                  tabIndex={0}
                  aria-label={`State ${box.label}${on ? ' (active)' : ''}`}
                  aria-pressed={picked}
                  onClick={() => select(box)}
                  // A state reached with Tab is brought on screen.
                  onFocus={() => setView((current) => reveal(current, box, sizeRef.current))}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter' && event.key !== ' ') return;
                    event.preventDefault();
                    onSelect(picked ? null : box.id);
                  }}
                  className="cursor-pointer outline-none [&:focus-visible>rect]:stroke-[3px]"
                >
                  <rect
                    x={box.x}
                    y={box.y}
                    width={box.width}
                    height={box.height}
                    rx={10}
                    fill={box.compound ? (on ? '#f4f0ff' : '#ffffff') : on ? '#6330d6' : '#ffffff'}
                    stroke={picked ? '#e2574c' : on ? '#6330d6' : '#d3c4ff'}
                    strokeWidth={picked ? 3 : on ? 2 : 1}
                    strokeDasharray={box.id.endsWith('#any') ? '4 3' : undefined}
                  />
                  <text
                    x={box.x + (box.compound ? 10 : box.width / 2)}
                    y={box.y + (box.compound ? 20 : box.height / 2 + 4)}
                    textAnchor={box.compound ? 'start' : 'middle'}
                    fontSize={12}
                    fontWeight={700}
                    fill={!box.compound && on ? '#ffffff' : '#2e1766'}
                  >
                    {box.label}
                  </text>
                </g>
              );
            })}
            <ChartEdges chart={chart} selected={selected} covered={covered} />
          </g>
        </svg>
      </div>
    </div>
  );
}
