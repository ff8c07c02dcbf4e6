import type { CheckPlace, FileCheckView } from '../../../../contract/adFiles';
import {
  type InchSize,
  inches,
  inchSize,
  type PrintRequirements,
  requirementsOf,
  withBleed,
} from '../../../../contract/specRequirements';

/**
 * The sheets state no safe area, so the proof draws one 0.125 in inside the trim, the margin printers
 * commonly keep text and logos within (a sheet that names its own would be used instead).
 */
export const SAFE_MARGIN_IN = 0.125;

/** A box on the page in fractions of its width and height, from its top left. */
export interface PageBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ProofBoxes {
  trim: InchSize;
  bleed: number;
  safe: number;
  /** The page is the document: the trim and its bleed. */
  trimBox: PageBox;
  safeBox: PageBox;
  /** What the lines say, for a screen reader and the legend. */
  description: string;
}

/** The print deliverable of a sheet, if it has one. */
export function printOf(sheet: string): PrintRequirements | null {
  return requirementsOf(sheet).find((d): d is PrintRequirements => d.medium === 'print') ?? null;
}

/**
 * The trim, bleed and safe area of a print sheet over a page of `aspect` (width / height): the page
 * is taken as the document (trim plus bleed on every side, a PDF's MediaBox or an image's pixels), of
 * the sheet's trim nearest in shape.
 */
export function proofBoxes(sheet: string, aspect: number): ProofBoxes | null {
  const print = printOf(sheet);
  if (!print || print.trims.length === 0 || !(aspect > 0)) return null;
  const shapeOf = (trim: InchSize) => {
    const doc = withBleed(trim, print.bleed);
    return Math.abs(Math.log(doc.width / doc.height / aspect));
  };
  const trim = [...print.trims].sort((a, b) => shapeOf(a) - shapeOf(b))[0] ?? print.trims[0];
  if (!trim) return null;
  const doc = withBleed(trim, print.bleed);
  const inset = (margin: number): PageBox => ({
    x: margin / doc.width,
    y: margin / doc.height,
    width: (doc.width - 2 * margin) / doc.width,
    height: (doc.height - 2 * margin) / doc.height,
  });
  const safe = SAFE_MARGIN_IN;
  const bleedWords =
    print.bleed > 0 ? `bleed ${inches(print.bleed)} in on every side` : 'no bleed (the page is the trim)';
  return {
    trim,
    bleed: print.bleed,
    safe,
    trimBox: inset(print.bleed),
    safeBox: inset(print.bleed + safe),
    description: `Trim ${inchSize(trim)}, ${bleedWords}, safe area ${inches(safe)} in inside the trim.`,
  };
}

/** A failed check's place, numbered across the file (1, 2, ...), as the proof marks it. */
export interface NumberedPlace extends CheckPlace {
  number: number;
  check: FileCheckView;
}

export function numberedPlaces(checks: readonly FileCheckView[]): NumberedPlace[] {
  const places = checks
    .filter((check) => check.result !== 'passed')
    .flatMap((check) => (check.where ?? []).map((place) => ({ ...place, check })));
  return places.map((place, index) => ({ ...place, number: index + 1 }));
}
