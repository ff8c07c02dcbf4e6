import type { GeoJSONSource } from 'maplibre-gl';
import type { GlMap } from './mapEngine.types';
import { lassoFeatures } from './mapLayers';

/** A freehand outline, longitude first, closed (its last point is its first). */
export type LassoRing = [number, number][];

/** Pixels the pointer moves before the next point of the outline is taken. */
const STEP_PX = 4;

/**
 * Lets the pointer draw a freehand outline on the map: down, drag, up. The map does not pan meanwhile
 * (a drag draws); the outline shows as it is drawn; Escape drops it. `onDone` gets it closed, once it
 * has three points. Returns the function that puts the map back as it was.
 */
export function startLasso(map: GlMap, onDone: (ring: LassoRing) => void): () => void {
  const target = map.getCanvasContainer();
  const source = () => map.getSource('lasso') as GeoJSONSource | undefined;
  let points: [number, number][] = [];
  let last: { x: number; y: number } | null = null;
  let pointerId: number | null = null;
  const show = () => source()?.setData(lassoFeatures(points));
  const clear = () => {
    points = [];
    last = null;
    if (pointerId !== null && target.hasPointerCapture(pointerId)) target.releasePointerCapture(pointerId);
    pointerId = null;
    show();
  };
  const at = (event: PointerEvent) => {
    const box = target.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const add = (point: { x: number; y: number }) => {
    const { lng, lat } = map.unproject([point.x, point.y]);
    points.push([lng, lat]);
    last = point;
  };

  const down = (event: PointerEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    pointerId = event.pointerId;
    target.setPointerCapture(event.pointerId);
    points = [];
    add(at(event));
    show();
  };
  const move = (event: PointerEvent) => {
    if (event.pointerId !== pointerId || !last) return;
    const point = at(event);
    if (Math.hypot(point.x - last.x, point.y - last.y) < STEP_PX) return;
    add(point);
    show();
  };
  const up = (event: PointerEvent) => {
    if (event.pointerId !== pointerId) return;
    const drawn = points;
    clear();
    const first = drawn[0];
    if (first && drawn.length >= 3) onDone([...drawn, first]);
  };
  const key = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && pointerId !== null) clear();
  };

  map.dragPan.disable();
  map.touchZoomRotate.disable();
  map.doubleClickZoom.disable();
  const cursor = target.style.cursor;
  const touchAction = target.style.touchAction;
  target.style.cursor = 'crosshair';
  // A finger draws rather than scrolls the page.
  target.style.touchAction = 'none';
  target.addEventListener('pointerdown', down);
  target.addEventListener('pointermove', move);
  target.addEventListener('pointerup', up);
  target.addEventListener('pointercancel', clear);
  window.addEventListener('keydown', key);
  return () => {
    target.removeEventListener('pointerdown', down);
    target.removeEventListener('pointermove', move);
    target.removeEventListener('pointerup', up);
    target.removeEventListener('pointercancel', clear);
    window.removeEventListener('keydown', key);
    clear();
    target.style.cursor = cursor;
    target.style.touchAction = touchAction;
    map.dragPan.enable();
    map.touchZoomRotate.enable();
    map.doubleClickZoom.enable();
  };
}
