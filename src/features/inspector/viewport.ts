/**
 * The chart's view: a pan (x, y, in screen pixels) and a zoom (k) applied to the chart's own
 * coordinates. Pure functions, so the page's pointer, wheel, key and button handlers all agree.
 */
export interface View {
  x: number;
  y: number;
  k: number;
}
export interface Size {
  width: number;
  height: number;
}
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 4;
const MARGIN = 24;

const clampZoom = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

/** Zooms by `factor` keeping the chart point under `at` (screen pixels) where it is. */
export function zoomAt(view: View, factor: number, at: { x: number; y: number }): View {
  const k = clampZoom(view.k * factor);
  const ratio = k / view.k;
  return { k, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio };
}

/** The whole chart in the panel, centred, never enlarged past 1:1 (small charts stay readable). */
export function fitView(chart: Size, panel: Size): View {
  if (chart.width <= 0 || chart.height <= 0 || panel.width <= 0 || panel.height <= 0)
    return { x: 0, y: 0, k: 1 };
  const k = clampZoom(
    Math.min(1, (panel.width - 2 * MARGIN) / chart.width, (panel.height - 2 * MARGIN) / chart.height),
  );
  return { k, x: (panel.width - chart.width * k) / 2, y: (panel.height - chart.height * k) / 2 };
}

/** Whether a box of the chart is wholly on screen. */
export function isVisible(view: View, box: Box, panel: Size): boolean {
  const left = view.x + box.x * view.k;
  const top = view.y + box.y * view.k;
  return (
    left >= 0 &&
    top >= 0 &&
    left + box.width * view.k <= panel.width &&
    top + box.height * view.k <= panel.height
  );
}

/**
 * The view moved as little as needed to show `box` (the active state), centring it when it has
 * left the panel; zoomed out first if it is larger than the panel at this zoom.
 */
export function reveal(view: View, box: Box, panel: Size): View {
  if (isVisible(view, box, panel)) return view;
  const k = clampZoom(
    Math.min(view.k, (panel.width - 2 * MARGIN) / box.width, (panel.height - 2 * MARGIN) / box.height),
  );
  return {
    k,
    x: panel.width / 2 - (box.x + box.width / 2) * k,
    y: panel.height / 2 - (box.y + box.height / 2) * k,
  };
}

/** The smallest box holding all of `boxes`. */
export function around(boxes: Box[]): Box | null {
  if (boxes.length === 0) return null;
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}
