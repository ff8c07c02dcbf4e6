import {
  decodePDFRawStream,
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from '@cantoo/pdf-lib';

/**
 * Where a PDF page places its images: its content stream is read for the graphics state (q, Q, cm)
 * and each image drawn (Do), through forms, so each image's effective resolution can be worked out
 * from its pixels and the size it is drawn at. A small reader of the operators that matter, written
 * here because pdf-lib writes content streams but does not interpret them.
 */

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m × n, as PDF concatenates a `cm` onto the current matrix. */
const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

export interface PlacedImage {
  /** Pixels across and down. */
  width: number;
  height: number;
  /** The size it is drawn at, in points. */
  drawnWidth: number;
  drawnHeight: number;
  /** DeviceRGB, DeviceCMYK, ICCBased with 3 or 4 components, read as rgb, cmyk or other. */
  colour: 'rgb' | 'cmyk' | 'other';
  /** The box it covers on the page, in points of the page's user space (issue 33: the proof marks it). */
  frame: Frame;
}

/** A box in user space, from its lower left to its upper right corner. */
export interface Frame {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

/** The image's unit square through the matrix: the box around its four corners (a turned image too). */
function frameOf(ctm: Matrix): Frame {
  const corners = [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ].map(([x = 0, y = 0]) => [ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]] as const);
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  return { left: Math.min(...xs), bottom: Math.min(...ys), right: Math.max(...xs), top: Math.max(...ys) };
}

const TOKENS =
  /\/[^\s/[\]()<>{}%]*|[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z'"*]+|\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>|<<|>>|\[|\]/g;

function resolve(context: PDFContext, object: PDFObject | undefined): PDFObject | undefined {
  return object instanceof PDFRef ? context.lookup(object) : object;
}

/**
 * What one page's walk may read: content decoded (a form drawn twice counts twice) and images or forms
 * drawn. An ad's page decodes to a few megabytes and draws hundreds; a compressed stream that inflates
 * to gigabytes, or forms that draw each other ten times over eight levels, stop here.
 */
const PAGE_CONTENT_BYTES = 64 * 1024 * 1024;
const PAGE_DRAWS = 10_000;
const DECODED_PIECE = 1024 * 1024;

interface Budget {
  bytes: number;
  draws: number;
}

/** More content than a page's walk reads: its images are not measured. */
class TooMuchContent extends Error {}

/** A stream's bytes, decoded no further than what is left of the budget. */
function streamBytes(stream: PDFObject | undefined, budget: Budget): Uint8Array | null {
  if (!(stream instanceof PDFRawStream)) return null;
  const decoded = decodePDFRawStream(stream);
  const parts: Uint8Array[] = [];
  // A piece at a time: asked for all it may read at once, pdf-lib would set that much memory aside.
  for (;;) {
    const wanted = Math.min(DECODED_PIECE, budget.bytes + 1);
    const piece = decoded.getBytes(wanted);
    budget.bytes -= piece.length;
    if (budget.bytes < 0) throw new TooMuchContent();
    parts.push(new Uint8Array(piece.buffer, piece.byteOffset, piece.length));
    if (piece.length < wanted) return Buffer.concat(parts);
  }
}

function colourOf(context: PDFContext, space: PDFObject | undefined): PlacedImage['colour'] {
  const value = resolve(context, space);
  if (value instanceof PDFName) {
    if (value.asString() === '/DeviceRGB') return 'rgb';
    if (value.asString() === '/DeviceCMYK') return 'cmyk';
    return 'other';
  }
  if (value instanceof PDFArray && value.get(0)?.toString() === '/ICCBased') {
    const profile = resolve(context, value.get(1));
    const n = profile instanceof PDFRawStream ? profile.dict.get(PDFName.of('N')) : undefined;
    const components = n instanceof PDFNumber ? n.asNumber() : 0;
    return components === 3 ? 'rgb' : components === 4 ? 'cmyk' : 'other';
  }
  return 'other';
}

/** The images a content stream draws, with the resources it names them in. */
function walk(
  context: PDFContext,
  bytes: Uint8Array,
  resources: PDFDict | undefined,
  start: Matrix,
  found: PlacedImage[],
  depth: number,
  budget: Budget,
): void {
  const text = Buffer.from(bytes).toString('latin1');
  const xobjects = resolve(context, resources?.get(PDFName.of('XObject')));
  const stack: Matrix[] = [];
  let ctm = start;
  const operands: string[] = [];
  TOKENS.lastIndex = 0;
  for (let match = TOKENS.exec(text); match; match = TOKENS.exec(text)) {
    const token = match[0];
    if (/^[A-Za-z'"*]+$/.test(token)) {
      if (token === 'q') stack.push(ctm);
      else if (token === 'Q') ctm = stack.pop() ?? IDENTITY;
      else if (token === 'cm' && operands.length >= 6) {
        const m = operands.slice(-6).map(Number) as Matrix;
        ctm = times(m, ctm);
      } else if (token === 'ID') {
        // Inline image data is binary: skip to its end.
        const end = text.indexOf('EI', TOKENS.lastIndex);
        TOKENS.lastIndex = end < 0 ? text.length : end + 2;
      } else if (token === 'Do' && xobjects instanceof PDFDict) {
        budget.draws -= 1;
        if (budget.draws < 0) throw new TooMuchContent();
        const name = operands[operands.length - 1] ?? '';
        const xobject = resolve(context, xobjects.get(PDFName.of(name.slice(1))));
        if (xobject instanceof PDFRawStream) {
          const subtype = xobject.dict.get(PDFName.of('Subtype'))?.toString();
          if (subtype === '/Image') {
            const width = xobject.dict.get(PDFName.of('Width'));
            const height = xobject.dict.get(PDFName.of('Height'));
            found.push({
              width: width instanceof PDFNumber ? width.asNumber() : 0,
              height: height instanceof PDFNumber ? height.asNumber() : 0,
              drawnWidth: Math.hypot(ctm[0], ctm[1]),
              drawnHeight: Math.hypot(ctm[2], ctm[3]),
              colour: colourOf(context, xobject.dict.get(PDFName.of('ColorSpace'))),
              frame: frameOf(ctm),
            });
          } else if (subtype === '/Form' && depth < 8) {
            const matrix = xobject.dict.get(PDFName.of('Matrix'));
            const own =
              matrix instanceof PDFArray
                ? (matrix.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : 0)) as Matrix)
                : IDENTITY;
            const formResources = resolve(context, xobject.dict.get(PDFName.of('Resources')));
            const content = streamBytes(xobject, budget);
            if (content)
              walk(
                context,
                content,
                formResources instanceof PDFDict ? formResources : resources,
                times(own, ctm),
                found,
                depth + 1,
                budget,
              );
          }
        }
      }
      operands.length = 0;
    } else operands.push(token);
  }
}

/** The images a page draws, and where. */
export function placedImages(
  context: PDFContext,
  contents: PDFObject | undefined,
  resources: PDFDict | undefined,
) {
  const found: PlacedImage[] = [];
  const budget: Budget = { bytes: PAGE_CONTENT_BYTES, draws: PAGE_DRAWS };
  const value = resolve(context, contents);
  const streams = value instanceof PDFArray ? value.asArray().map((item) => resolve(context, item)) : [value];
  const parts = streams
    .map((stream) => streamBytes(stream, budget))
    .filter((bytes): bytes is Uint8Array => bytes !== null);
  // A page's content may be split over several streams that together make one.
  const joined = Buffer.concat(parts.map((part) => Buffer.concat([Buffer.from(part), Buffer.from('\n')])));
  walk(context, joined, resources, IDENTITY, found, 0, budget);
  return found;
}
