import { type Channel, channelOf } from './mediaTypes';

/**
 * What a spec sheet asks of an ad file, as data (issue 16). The "Specs at a glance" rows about
 * formats, sizes, bleed, resolution, colour, length, frame and file size are written from these
 * values (`requirementRows`), and the preflight checks an uploaded file against the same values, so
 * the page and the check cannot disagree. Plain constants, free of zod: the SPA reads them too.
 */

/** A file format as preflight recognises it from the bytes. */
export const FILE_FORMATS = ['pdf', 'tiff', 'jpeg', 'png', 'gif', 'webp', 'mp4', 'mov', 'html'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

export const FORMAT_LABELS: Record<FileFormat, string> = {
  pdf: 'PDF',
  tiff: 'TIFF',
  jpeg: 'JPEG',
  png: 'PNG',
  gif: 'GIF',
  webp: 'WebP',
  mp4: 'MP4',
  mov: 'QuickTime (.mov)',
  html: 'HTML',
};

/** Inches, as a trim or a document size. */
export interface InchSize {
  readonly width: number;
  readonly height: number;
}
/** Pixels, as a banner or a video frame. */
export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

/** A printed piece: a magazine page or a postcard. */
export interface PrintRequirements {
  readonly medium: 'print';
  readonly formats: readonly FileFormat[];
  /** The finished sizes a placement of this sheet may have; a placement may state its own. */
  readonly trims: readonly InchSize[];
  /** Added on every side; 0 when the sheet asks for none. */
  readonly bleed: number;
  /** Pages in one file: 1 for a magazine page, 2 for a postcard (front, then address side). */
  readonly pages: number;
  readonly minPpi: number;
  readonly colour: 'cmyk';
  readonly maxBytes: number;
}

/** A still image shown on a screen: a banner or a billboard slide. */
export interface ScreenImageRequirements {
  readonly medium: 'screen';
  readonly formats: readonly FileFormat[];
  /** Exact pixel sizes, any one of them. */
  readonly sizes: readonly PixelSize[];
  readonly colour: 'srgb';
  readonly maxBytes: number;
}

/** A video codec as the MP4 sample entry names it (avc1, apch...), with the words for it. */
export interface VideoCodec {
  readonly fourcc: string;
  readonly label: string;
}

export interface VideoRequirements {
  readonly medium: 'video';
  readonly formats: readonly FileFormat[];
  readonly codecs: readonly VideoCodec[];
  /** Frame sizes that pass; the first is the preferred one. */
  readonly frames: readonly PixelSize[];
  /** Frames per second that pass (29.97 is 30000/1001). */
  readonly frameRates: readonly number[];
  /** Lengths in seconds that pass, within `lengthTolerance` seconds. */
  readonly lengths: readonly number[];
  readonly lengthTolerance: number;
  /** Whether the file must carry sound, must not, or either. */
  readonly audio: 'required' | 'none' | 'optional';
  readonly maxBytes: number;
}

/** An e-mail sent to a rented list: one HTML file. */
export interface EmailRequirements {
  readonly medium: 'email';
  readonly formats: readonly FileFormat[];
  /** The layout's width in CSS pixels: `width` is the target, `maxWidth` the most that passes. */
  readonly width: number;
  readonly maxWidth: number;
  readonly maxBytes: number;
}

export type Deliverable = PrintRequirements | ScreenImageRequirements | VideoRequirements | EmailRequirements;

const KB = 1024;
const MB = 1024 * KB;

/** 29.97 and 23.976 frames per second, as broadcast defines them. */
const NTSC_30 = 30000 / 1001;
const NTSC_24 = 24000 / 1001;

const H264: VideoCodec = { fourcc: 'avc1', label: 'H.264' };
const PRORES_HQ: VideoCodec = { fourcc: 'apch', label: 'Apple ProRes 422 HQ' };
const PRORES: VideoCodec = { fourcc: 'apcn', label: 'Apple ProRes 422' };

const HD: PixelSize = { width: 1920, height: 1080 };

/** A postcard: two pages, CMYK at 300 ppi with 0.125 in bleed. */
const postcard = (...trims: InchSize[]): PrintRequirements => ({
  medium: 'print',
  formats: ['pdf'],
  trims,
  bleed: 0.125,
  pages: 2,
  minPpi: 300,
  colour: 'cmyk',
  maxBytes: 100 * MB,
});

const banners = (sizes: PixelSize[]): ScreenImageRequirements => ({
  medium: 'screen',
  formats: ['jpeg', 'png', 'gif'],
  sizes,
  colour: 'srgb',
  maxBytes: 150 * KB,
});

const px = (width: number, height: number): PixelSize => ({ width, height });

/**
 * The deliverables of each sheet that takes files, by sheet slug. A sheet missing here takes no file
 * from the customer (search ads are text typed into the order; design work is ours to make).
 */
export const SHEET_REQUIREMENTS: Readonly<Record<string, readonly Deliverable[]>> = {
  'magazine-print-ads': [
    {
      medium: 'print',
      formats: ['pdf', 'tiff', 'jpeg'],
      trims: [{ width: 8.375, height: 10.875 }],
      bleed: 0.125,
      pages: 1,
      minPpi: 300,
      colour: 'cmyk',
      maxBytes: 50 * MB,
    },
  ],
  'linear-tv-spots': [
    {
      medium: 'video',
      formats: ['mov', 'mp4'],
      codecs: [PRORES_HQ, PRORES, H264],
      frames: [HD],
      frameRates: [NTSC_30],
      lengths: [15, 30],
      lengthTolerance: 0.1,
      audio: 'required',
      maxBytes: 500 * MB,
    },
  ],
  'connected-tv-ads': [
    {
      medium: 'video',
      formats: ['mp4', 'mov'],
      codecs: [H264, PRORES_HQ, PRORES],
      frames: [HD, px(1280, 720)],
      frameRates: [NTSC_24, 25, NTSC_30, 30],
      lengths: [15, 30],
      lengthTolerance: 0.5,
      audio: 'required',
      maxBytes: 500 * MB,
    },
  ],
  'digital-billboards': [
    {
      medium: 'screen',
      formats: ['jpeg', 'png'],
      sizes: [HD, px(1080, 1920), px(1400, 400)],
      colour: 'srgb',
      maxBytes: 10 * MB,
    },
    {
      medium: 'video',
      formats: ['mp4'],
      codecs: [H264],
      frames: [HD, px(1080, 1920)],
      frameRates: [30],
      lengths: [8, 10],
      lengthTolerance: 0.1,
      audio: 'none',
      maxBytes: 50 * MB,
    },
  ],
  'online-display-ads': [
    banners([px(300, 250), px(728, 90), px(160, 600), px(320, 50), px(300, 600), px(336, 280), px(970, 250)]),
  ],
  'geofencing-ads': [banners([px(320, 50), px(300, 250), px(728, 90), px(320, 480)])],
  'every-door-direct-mail': [postcard({ width: 6.25, height: 9 })],
  'audience-direct-mail': [postcard({ width: 6, height: 9 })],
  'direct-mail-daily-mailers': [
    postcard({ width: 4, height: 6 }, { width: 6, height: 9 }, { width: 6, height: 11 }),
  ],
  'website-to-mailbox': [postcard({ width: 6, height: 9 })],
  'dedicated-email-blasts': [
    { medium: 'email', formats: ['html'], width: 600, maxWidth: 640, maxBytes: 100 * KB },
  ],
};

/** A sheet's deliverables; own keys only, so a slug such as `constructor` names no sheet. */
export const requirementsOf = (slug: string): readonly Deliverable[] =>
  (Object.hasOwn(SHEET_REQUIREMENTS, slug) ? SHEET_REQUIREMENTS[slug] : undefined) ?? [];

// ----- Words ---------------------------------------------------------------------------------------

/** 8.375, 0.125, 6: inches as a sheet writes them (no trailing zeros). */
export const inches = (value: number): string => `${Number(value.toFixed(3))}`;
export const inchSize = (size: InchSize): string => `${inches(size.width)} × ${inches(size.height)} in`;
export const pixelSize = (size: PixelSize): string => `${size.width} × ${size.height}`;
/** The document to build: the trim plus the bleed on every side. */
export const withBleed = (trim: InchSize, bleed: number): InchSize => ({
  width: trim.width + 2 * bleed,
  height: trim.height + 2 * bleed,
});

/** 50 MB, 150 KB, 1.5 GB. */
export function byteSize(bytes: number): string {
  const units: [number, string][] = [
    [1024 * MB, 'GB'],
    [MB, 'MB'],
    [KB, 'KB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

/** 29.97, 23.976, 25: frames per second as broadcast writes them. */
export const frameRate = (fps: number): string => `${Number(fps.toFixed(3))}`;

/** "A, B or C". */
export function listOr(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

export const formatsInWords = (formats: readonly FileFormat[]): string =>
  listOr(formats.map((format) => FORMAT_LABELS[format]));

/** One row of "Specs at a glance". */
export interface SpecRow {
  readonly label: string;
  readonly value: string;
}

function printRows(print: PrintRequirements): SpecRow[] {
  const trims = print.trims.map(inchSize);
  const documents = print.trims.map((trim) => inchSize(withBleed(trim, print.bleed)));
  return [
    { label: print.trims.length > 1 ? 'Trim sizes' : 'Trim size', value: listOr(trims) },
    {
      label: 'Bleed',
      value:
        print.bleed > 0
          ? `${inches(print.bleed)} in on every side (${listOr(documents)} with bleed)`
          : 'None: build to the trim size',
    },
    {
      label: 'File format',
      value: `${formatsInWords(print.formats)}; ${print.pages === 1 ? 'one page per file' : `${print.pages} pages in one file (front, then address side)`}`,
    },
    { label: 'Colour', value: 'CMYK process only; no RGB or spot colours' },
    { label: 'Resolution', value: `${print.minPpi} ppi at final size` },
    { label: 'Max file size', value: byteSize(print.maxBytes) },
  ];
}

function screenRows(screen: ScreenImageRequirements, prefix: string): SpecRow[] {
  return [
    { label: `${prefix}sizes`, value: `${listOr(screen.sizes.map(pixelSize))} px, exactly` },
    { label: `${prefix}files`, value: `${formatsInWords(screen.formats)}, RGB (sRGB)` },
    { label: `${prefix}max file size`, value: byteSize(screen.maxBytes) },
  ];
}

function videoRows(video: VideoRequirements, prefix: string): SpecRow[] {
  const audio = { required: 'Stereo sound track', none: 'None: no sound track', optional: 'Optional' };
  return [
    {
      label: `${prefix}length`,
      value: `${listOr(video.lengths.map((s) => `${s}`))} seconds (within ${video.lengthTolerance} s)`,
    },
    {
      label: `${prefix}file`,
      value: `${formatsInWords(video.formats)}; ${listOr(video.codecs.map((c) => c.label))}`,
    },
    {
      label: `${prefix}frame`,
      value: `${listOr(video.frames.map(pixelSize))} px at ${listOr(video.frameRates.map(frameRate))} fps`,
    },
    { label: `${prefix}sound`, value: audio[video.audio] },
    { label: `${prefix}max file size`, value: byteSize(video.maxBytes) },
  ];
}

function emailRows(email: EmailRequirements): SpecRow[] {
  return [
    { label: 'File', value: `One ${formatsInWords(email.formats)} file` },
    { label: 'Width', value: `${email.width} px (${email.maxWidth} px at most)` },
    { label: 'HTML size', value: `Under ${byteSize(email.maxBytes)}` },
    { label: 'Not allowed', value: 'JavaScript, forms, video, attachments, base64 images' },
  ];
}

const sentenceCase = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);

/**
 * The checkable rows of a sheet's "Specs at a glance", written from its requirements. A sheet with
 * both still images and video prefixes the rows ("Image sizes", "Video length").
 */
export function requirementRows(deliverables: readonly Deliverable[]): SpecRow[] {
  const mixed = new Set(deliverables.map((d) => d.medium)).size > 1;
  const rowsOf = (deliverable: Deliverable): SpecRow[] => {
    if (deliverable.medium === 'print') return printRows(deliverable);
    if (deliverable.medium === 'screen') return screenRows(deliverable, mixed ? 'Image ' : 'Banner ');
    if (deliverable.medium === 'video') return videoRows(deliverable, mixed ? 'Video ' : '');
    return emailRows(deliverable);
  };
  const rows = deliverables.flatMap(rowsOf);
  return rows.map((row) => ({ ...row, label: sentenceCase(row.label) }));
}

/**
 * The spec sheet a placement's ad is checked against, by channel. Custom design work takes no file
 * from the customer (our studio makes it), so it has none.
 */
export const SHEET_OF_CHANNEL: Readonly<Record<Channel, string | null>> = {
  printmag: 'magazine-print-ads',
  tv: 'linear-tv-spots',
  ctv: 'connected-tv-ads',
  dooh: 'digital-billboards',
  google: 'online-display-ads',
  gt: 'geofencing-ads',
  eddm: 'every-door-direct-mail',
  abdm: 'audience-direct-mail',
  email: 'dedicated-email-blasts',
  custom: null,
};

/** The sheet of a placement (by its media type and partner), or null when it takes no ad file. */
export function sheetOfPlacement(mediaType: string, partner: string | null): string | null {
  const channel = channelOf(mediaType, partner);
  return channel ? SHEET_OF_CHANNEL[channel] : null;
}
