import { type MouseEvent, useMemo } from 'react';
import type { AreaGeometry, Bbox } from '../../../contract/directMail';
import { BASEMAP_COLORS } from './basemapColors';
import { COLORS, type MapArea } from './mapLayers';
import { isAreaShape, sketchPath, sketchViewBox } from './routeSketch';

export interface RouteSketchProps {
  bbox: Bbox;
  outline: AreaGeometry | null | undefined;
  areas: readonly MapArea[];
  selected: ReadonlySet<string>;
  dimmed: ReadonlySet<string>;
  highlighted: string | null;
  onAreaClick?: ((id: string) => void) | undefined;
  /** The area under the pointer (null: none), and where the pointer is in the sketch's box. */
  onAreaHover: (id: string | null, at?: { x: number; y: number }) => void;
}

const areaPaint = (id: string, props: RouteSketchProps) => {
  const lit = id === props.highlighted;
  const chosen = props.selected.has(id);
  const faint = props.dimmed.has(id);
  return {
    fill: chosen ? COLORS.primary : '#ffffff',
    fillOpacity: lit ? 0.75 : faint ? 0.06 : chosen ? 0.55 : 0.3,
    stroke: lit ? COLORS.accent : COLORS.primary,
    strokeWidth: lit ? 3.5 : 1.25,
    strokeOpacity: faint ? 0.3 : 1,
  };
};

const linePaint = (id: string, props: RouteSketchProps) => {
  const lit = id === props.highlighted;
  const chosen = props.selected.has(id);
  return {
    stroke: lit ? COLORS.accent : chosen ? COLORS.primary : COLORS.primaryLine,
    strokeWidth: lit ? 7 : chosen ? 6 : 4,
    strokeOpacity: props.dimmed.has(id) ? 0.25 : 0.9,
  };
};

/** What a street route's band must be to take a finger's click: as wide as the map's hit layer. */
const HIT_WIDTH = 18;

/**
 * The routes as an SVG sketch, painted as the map paints them: shown from the moment the routes
 * arrive until the WebGL map has drawn them (without a GPU, its shaders and first frames take a
 * second or more), and instead of the map where it cannot be drawn. A click picks a route as on the
 * map; the sketch is hidden the moment the map is first at rest (`data-settled` on the map's
 * wrapper). Hidden from screen readers as the map's canvas is: the routes' list says all it shows.
 */
export function RouteSketch(props: RouteSketchProps) {
  const { bbox, outline, areas, onAreaClick, onAreaHover } = props;
  // Drawn once per set of routes: a hover repaints them, it does not project them again.
  const shapes = useMemo(
    () => areas.map(({ id, geometry }) => ({ id, d: sketchPath(geometry), area: isAreaShape(geometry) })),
    [areas],
  );
  const outlinePath = useMemo(() => (outline ? sketchPath(outline) : null), [outline]);
  // A pointer's shortcut, as on the map: the routes' list (checkboxes) is the keyboard's way.
  const pointer = (id: string) => ({
    className: onAreaClick ? 'cursor-pointer' : undefined,
    onClick: onAreaClick ? () => onAreaClick(id) : undefined,
    onMouseMove: (event: MouseEvent<SVGPathElement>) => {
      const box = event.currentTarget.ownerSVGElement?.getBoundingClientRect();
      onAreaHover(id, box ? { x: event.clientX - box.left, y: event.clientY - box.top } : undefined);
    },
    onMouseLeave: () => onAreaHover(null),
  });
  return (
    <svg
      aria-hidden="true"
      data-testid="route-sketch"
      viewBox={sketchViewBox(bbox)}
      preserveAspectRatio="xMidYMid meet"
      // Padded as the map fits its bounds (24 px): the sketch lies where the map will draw it.
      className="absolute inset-0 h-full w-full overflow-visible group-data-[settled=true]:hidden"
      style={{ backgroundColor: BASEMAP_COLORS.land, padding: 24 }}
    >
      {outlinePath ? (
        <path
          d={outlinePath}
          fill={COLORS.primarySoft}
          fillOpacity={0.45}
          stroke={COLORS.primary}
          strokeWidth={2.5}
          vectorEffect="non-scaling-stroke"
          fillRule="evenodd"
        />
      ) : null}
      {shapes.map(({ id, d, area }) =>
        area ? (
          <path
            key={id}
            data-route={id}
            d={d}
            {...areaPaint(id, props)}
            fillRule="evenodd"
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
            {...pointer(id)}
          />
        ) : (
          <g key={id}>
            <path
              d={d}
              {...linePaint(id, props)}
              fill="none"
              strokeLinecap="round"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
            {/* The street's band a pointer hits, a finger wide whatever the line's width (as on the map). */}
            <path
              data-route={id}
              d={d}
              fill="none"
              stroke="transparent"
              strokeWidth={HIT_WIDTH}
              strokeLinecap="round"
              pointerEvents="stroke"
              vectorEffect="non-scaling-stroke"
              {...pointer(id)}
            />
          </g>
        ),
      )}
    </svg>
  );
}
