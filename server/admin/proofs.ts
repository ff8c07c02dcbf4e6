import { addDays, endOfDay, startOfDay } from 'date-fns';
import { fileTypeFromBuffer } from 'file-type';
import type { ProofKind } from '../../contract/orders';
import { PROOF_KIND_LABELS } from '../../contract/orders';
import { dayInWords, isoDay, parseDay } from '../../contract/schedule';
import { type PictureFormat, PROOF_MAX_BYTES, pictureOf } from '../design/files';
import { readCsv } from './csvRows';

/** What proves a run of each channel ran; a custom (design-service) order has nothing to deliver. */
const KINDS_BY_CHANNEL: Readonly<Record<string, readonly ProofKind[]>> = {
  printmag: ['tear-sheet', 'photo'],
  dooh: ['proof-of-play', 'photo'],
  eddm: ['drop-confirmation'],
  abdm: ['drop-confirmation'],
  digital: ['delivery-report'],
  email: ['delivery-report'],
  tv: ['delivery-report'],
  ctv: ['delivery-report'],
};

export const proofKindsOf = (mediaType: string): readonly ProofKind[] => KINDS_BY_CHANNEL[mediaType] ?? [];

/** A drop may be confirmed up to a week either side of its drop week (the post office's slack). */
const DROP_SLACK_DAYS = 7;

type Format = PictureFormat | 'csv';

/** The formats each kind of proof comes in. */
const FORMATS: Readonly<Record<ProofKind, readonly Format[]>> = {
  'tear-sheet': ['pdf', 'jpeg', 'png'],
  photo: ['jpeg', 'png'],
  'proof-of-play': ['pdf', 'jpeg', 'png'],
  'drop-confirmation': ['pdf', 'jpeg', 'png'],
  'delivery-report': ['csv'],
};

/** A delivery report: a CSV, read as UTF-8. */
const CSV = { contentType: 'text/csv; charset=utf-8', format: 'csv' } as const;

const FORMAT_WORDS: Readonly<Record<Format, string>> = { pdf: 'PDF', jpeg: 'JPEG', png: 'PNG', csv: 'CSV' };

/** What the bytes are, from their content (never the name or the declared type): null when none of ours. */
async function kindOf(bytes: Uint8Array): Promise<{ contentType: string; format: Format } | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return pictureOf(detected.ext);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return CSV;
  } catch {
    return null;
  }
}

interface ProofInput {
  mediaType: string;
  kind: ProofKind;
  bytes: Uint8Array;
  droppedOn?: string | undefined;
  pieces?: number | undefined;
  /** The run's days, for a drop's date. */
  runStarts: Date;
  runEnds: Date;
}

type ProofChecked =
  | { status: 'ok'; contentType: string; details: Record<string, string | number> }
  | { status: 409 | 422; message: string };

const listed = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

/** The impressions of a delivery report: a header with an `impressions` column, whole numbers under it. */
function deliveryReport(bytes: Uint8Array): ProofChecked {
  const rows = readCsv(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ''));
  const header = (rows[0] ?? []).map((cell) => cell.trim().toLowerCase());
  const column = header.indexOf('impressions');
  if (column < 0)
    return {
      status: 422,
      message: 'The delivery report needs a header row with an "impressions" column.',
    };
  const body = rows.slice(1).filter((row) => row.some((cell) => cell.trim() !== ''));
  let impressions = 0;
  for (const [i, row] of body.entries()) {
    const cell = (row[column] ?? '').trim().replace(/,/g, '');
    if (!/^\d+$/.test(cell))
      return {
        status: 422,
        message: `Row ${i + 2} of the delivery report has "${row[column] ?? ''}" as impressions: write a whole number.`,
      };
    impressions += Number(cell);
  }
  if (body.length === 0) return { status: 422, message: 'The delivery report has no rows under its header.' };
  return { status: 'ok', contentType: CSV.contentType, details: { impressions, rows: body.length } };
}

/** A drop confirmation's date (within its drop week, give or take a week) and pieces. */
function dropDetails(input: ProofInput): ProofChecked {
  if (!input.droppedOn || input.pieces === undefined)
    return {
      status: 422,
      message: 'A drop confirmation needs the drop date and how many pieces were dropped.',
    };
  const dropped = parseDay(input.droppedOn);
  const from = startOfDay(addDays(input.runStarts, -DROP_SLACK_DAYS));
  const to = endOfDay(addDays(input.runEnds, DROP_SLACK_DAYS));
  if (dropped < from || dropped > to)
    return {
      status: 422,
      message: `The drop date must be between ${dayInWords(isoDay(from))} and ${dayInWords(isoDay(to))}, a week either side of the drop week.`,
    };
  return { status: 'ok', contentType: '', details: { dropped_on: input.droppedOn, pieces: input.pieces } };
}

/** Whether a proof fits its run's channel and its kind, from its bytes; with what its details say. */
export async function checkProof(input: ProofInput): Promise<ProofChecked> {
  const kinds = proofKindsOf(input.mediaType);
  if (kinds.length === 0)
    return {
      status: 409,
      message: 'Design-service orders have no delivery to prove: there is nothing to upload.',
    };
  if (!kinds.includes(input.kind))
    return {
      status: 422,
      message: `A run of this channel is proven with a ${listed(kinds.map((k) => PROOF_KIND_LABELS[k]))}, not a ${PROOF_KIND_LABELS[input.kind]}.`,
    };
  if (input.bytes.byteLength === 0) return { status: 422, message: 'The proof file is empty.' };
  if (input.bytes.byteLength > PROOF_MAX_BYTES)
    return { status: 422, message: 'The proof file is over 25 MB. Send a smaller scan or photo.' };
  const allowed = FORMATS[input.kind];
  const found = await kindOf(input.bytes);
  if (!found || !allowed.includes(found.format))
    return {
      status: 422,
      message: `A ${PROOF_KIND_LABELS[input.kind]} is a ${listed(allowed.map((f) => FORMAT_WORDS[f]))} file; this file is not.`,
    };
  if (input.kind === 'delivery-report') return deliveryReport(input.bytes);
  if (input.kind === 'drop-confirmation') {
    const drop = dropDetails(input);
    return drop.status === 'ok' ? { ...drop, contentType: found.contentType } : drop;
  }
  return { status: 'ok', contentType: found.contentType, details: {} };
}
