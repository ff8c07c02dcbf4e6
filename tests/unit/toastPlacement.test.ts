import { describe, expect, it } from 'vitest';
import { type Box, placeToasts } from '../../src/features/toasts/toastPlacement';

const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const at = (viewport: { width: number; height: number }, obstacles: Box[], height = 60) =>
  placeToasts({
    viewport,
    size: { width: viewport.width >= 600 ? 380 : 359, height },
    obstacles,
    headerHeight: 72,
    gap: 12,
  });

describe('where the toasts go', () => {
  it('top-right below the header when they cover nothing (SPEC section 4)', () => {
    expect(at(desktop, [])).toEqual({ left: 888, top: 84 });
    // A control elsewhere on the page does not move them.
    expect(at(desktop, [box(24, 500, 120, 44)])).toEqual({ left: 888, top: 84 });
  });

  it('beside an open mini-cart on a wide screen', () => {
    const miniCart = box(864, 80, 380, 420);
    expect(at(desktop, [miniCart])).toEqual({ left: 864 - 12 - 380, top: 84 });
  });

  it('below an open mini-cart on a phone, where nothing fits beside it', () => {
    const miniCart = box(12, 80, 366, 300);
    expect(at(phone, [miniCart])).toEqual({ left: 19, top: 392 });
  });

  it('at the bottom when the panel reaches too low to fit them below it', () => {
    const miniCart = box(12, 80, 366, 700);
    expect(at(phone, [miniCart])).toEqual({ left: 19, top: 844 - 12 - 60 });
  });

  it('never on the control that caused them, wherever it is', () => {
    const addToCart = box(40, 90, 310, 48);
    const spot = at(phone, [addToCart]);
    expect(spot).toEqual({ left: 19, top: 150 });
    // Beside a panel and clear of a button there too.
    const miniCart = box(864, 80, 380, 420);
    const button = box(500, 100, 200, 44);
    const wide = at(desktop, [miniCart, button]);
    const toasts = box(wide.left, wide.top, 380, 60);
    for (const obstacle of [miniCart, button])
      expect(
        toasts.right <= obstacle.left || toasts.top >= obstacle.bottom || toasts.bottom <= obstacle.top,
      ).toBe(true);
  });
});
