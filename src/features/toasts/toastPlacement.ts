/** A box on screen, in CSS pixels from the viewport's top-left corner. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where the stack of toasts goes: its top-left corner. */
export interface Spot {
  left: number;
  top: number;
}

export interface PlacementInput {
  viewport: { width: number; height: number };
  /** The stack's size as drawn. */
  size: { width: number; height: number };
  /** What the toasts must leave visible: open panels, and the control that caused the newest toast. */
  obstacles: readonly Box[];
  /** The fixed header's height: the stack starts below it. */
  headerHeight: number;
  /** The space kept between the stack and the viewport's edges or an obstacle. */
  gap: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

const boxAt = (spot: Spot, size: PlacementInput['size']): Box => ({
  ...spot,
  right: spot.left + size.width,
  bottom: spot.top + size.height,
});

/**
 * Top-right below the header (SPEC section 4) unless that covers an obstacle; then, in this order, to
 * the left of the obstacles, below them, or at the bottom of the screen: the first of these that
 * covers nothing and fits on screen. When none does, the bottom of the screen, where a person's eyes
 * and hands on an open panel are least likely to be.
 */
export function placeToasts({ viewport, size, obstacles, headerHeight, gap }: PlacementInput): Spot {
  const right = viewport.width - gap - size.width;
  const topSpot = { left: right, top: headerHeight + gap };
  const bottomSpot = { left: right, top: viewport.height - gap - size.height };
  const covered = obstacles.filter((obstacle) => overlaps(obstacle, boxAt(topSpot, size)));
  if (covered.length === 0) return topSpot;

  const candidates: Spot[] = [
    { left: Math.min(...covered.map((o) => o.left)) - gap - size.width, top: topSpot.top },
    { left: right, top: Math.max(...covered.map((o) => o.bottom)) + gap },
    bottomSpot,
  ];
  const fits = (box: Box) =>
    box.left >= gap && box.top >= headerHeight && box.bottom <= viewport.height - gap;
  const clear = candidates.find((spot) => {
    const box = boxAt(spot, size);
    return fits(box) && !obstacles.some((obstacle) => overlaps(obstacle, box));
  });
  return clear ?? bottomSpot;
}
