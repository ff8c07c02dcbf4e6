import { type InchSize, type PrintRequirements, withBleed } from '../../contract/specRequirements';

/** How far a size may be off and still count as right: 1/32 in, as print shops allow. */
export const INCH_TOLERANCE = 1 / 32;

export const sameSize = (a: InchSize, b: InchSize, tolerance = INCH_TOLERANCE): boolean =>
  Math.abs(a.width - b.width) <= tolerance && Math.abs(a.height - b.height) <= tolerance;

/** The trims a file may have: the placement's own, else the sheet's. */
export const trimsOf = (print: PrintRequirements, trim: InchSize | null): readonly InchSize[] =>
  trim ? [trim] : print.trims;

/** Of several trims (4 × 6, 6 × 9, 6 × 11 in), the one whose shape is nearest a width-to-height ratio. */
export function nearestTrim(trims: readonly InchSize[], ratio: number, bleed: number): InchSize {
  let best = trims[0] ?? { width: 1, height: 1 };
  let bestGap = Number.POSITIVE_INFINITY;
  for (const trim of trims) {
    const document = withBleed(trim, bleed);
    const gap = Math.abs(Math.log(document.width / document.height / ratio));
    if (gap < bestGap) {
      best = trim;
      bestGap = gap;
    }
  }
  return best;
}

/**
 * Of several trims, the one a page's size is nearest, whether the page is the trim or the trim with
 * its bleed: a 4 × 6 in postcard is a 4 × 6 in trim, whatever shape a 6 × 9 in one has.
 */
export function trimOfSize(trims: readonly InchSize[], size: InchSize, bleed: number): InchSize {
  const gap = (a: InchSize, b: InchSize) => Math.abs(a.width - b.width) + Math.abs(a.height - b.height);
  let best = trims[0] ?? size;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const trim of trims) {
    const nearest = Math.min(gap(size, trim), gap(size, withBleed(trim, bleed)));
    if (nearest < bestGap) {
      best = trim;
      bestGap = nearest;
    }
  }
  return best;
}
