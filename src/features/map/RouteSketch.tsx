import type { MouseEvent } from 'react';
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

/**
 * The routes as an SVG sketch, painted as the map paints them: shown from the moment the routes
 * arrive until the WebGL map has drawn them (without a GPU, its shaders and first frames take a
 * second or more), and instead of the map where it cannot be drawn. A click picks a route as on the
 * map; hidden the moment the map is first at rest (`data-settled` on the map's wrapper). Hidden from screen readers as the map's canvas is: the routes' list says all it shows.
 */
export function RouteSketch(props: RouteSketchProps) {
  const { bbox, outline, areas, onAreaClick, onAreaHover } = props;
  const hover = (id: string) => (event: MouseEvent<SVGPathElement>) => {
    const box = event.currentTarget.ownerSVGElement?.getBoundingClientRect();
    onAreaHover(id, box ? { x: event.clientX - box.left, y: event.clientY - box.top } : undefined);
  };
  return (
    <svg
      aria-hidden="true"
      data-testid="route-sketch"
      viewBox={sketchViewBox(bbox)}
      preserveAspectRatio="xMidYMid meet"
      // Padded as the map fits its bounds (24 px): the sketch lies where the map will draw it.
      className="absolute inset-0 h-full w-full p-6 group-data-[settled=true]:hidden"
      style={{ backgroundColor: BASEMAP_COLORS.land }}
    >
      {outline ? (
        <path
          d={sketchPath(outline)}
          fill={COLORS.primarySoft}
          fillOpacity={0.45}
          stroke={COLORS.primary}
          strokeWidth={2.5}
          vectorEffect="non-scaling-stroke"
          fillRule="evenodd"
        />
      ) : null}
      {areas.map(({ id, geometry }) => {
        const paint = isAreaShape(geometry)
          ? areaPaint(id, props)
          : { ...linePaint(id, props), fill: 'none' };
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: a pointer's shortcut; the routes' list is the keyboard's way
          <path
            key={id}
            data-route={id}
            d={sketchPath(geometry)}
            {...paint}
            fillRule="evenodd"
            strokeLinecap="round"
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
            className={onAreaClick ? 'cursor-pointer' : undefined}
            onClick={onAreaClick ? () => onAreaClick(id) : undefined}
            onMouseMove={hover(id)}
            onMouseLeave={() => onAreaHover(null)}
          />
        );
      })}
    </svg>
  );
}
