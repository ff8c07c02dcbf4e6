import type { SnapshotFrom } from 'xstate';
import type { FileCheckView } from '../../contract/adFiles';
import type { uploadMachine } from './upload.machine';
import type { UploadFileRef } from './upload.types';
import type { uploadQueueMachine } from './uploadQueue.machine';

// One selector per value a view shows, as in eddm.selectors.ts. A row subscribes to its own upload
// actor: the queue's snapshot changes when files are added or dropped, not when one of them moves,
// so a view of progress must not subscribe to the queue.

export type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;
export type UploadQueueSnapshot = SnapshotFrom<typeof uploadQueueMachine>;

/** Where an upload is, as the page names it. */
export type UploadStage =
  | 'queued'
  | 'uploading'
  | 'paused'
  | 'checking'
  | 'passed'
  | 'attention'
  | 'rejected'
  | 'failed'
  | 'cancelling'
  | 'cancelled';

const STAGES: readonly UploadStage[] = [
  'queued',
  'uploading',
  'paused',
  'checking',
  'passed',
  'attention',
  'rejected',
  'failed',
  'cancelling',
  'cancelled',
];

/** The verdicts: the upload is over and its file is in the library. */
const VERDICTS: readonly UploadStage[] = ['passed', 'attention', 'rejected'];

const NO_CHECKS: readonly FileCheckView[] = [];

/**
 * The upload's stage: `checking` whatever the polling is doing (reading or waiting), and for the
 * instant `checked` takes to choose the verdict.
 */
export function selectUploadStage(s: UploadSnapshot): UploadStage {
  return STAGES.find((stage) => s.matches(stage)) ?? 'checking';
}

export const selectUploadFile = (s: UploadSnapshot): UploadFileRef => s.context.file;
export const selectSentBytes = (s: UploadSnapshot): number => s.context.sent;
export const selectTotalBytes = (s: UploadSnapshot): number => s.context.total;
/** Whole percent sent, never past 100 (a file that grew on disk reports more than its size). */
export const selectUploadPercent = (s: UploadSnapshot): number =>
  s.context.total > 0 ? Math.min(100, Math.floor((s.context.sent / s.context.total) * 100)) : 0;
/** Why it stopped (the tus client's or the server's sentence), while failed. */
export const selectUploadError = (s: UploadSnapshot): string | null => s.context.error;
/** What the checks found, once read: kept after the verdict so the page can say what to fix. */
export const selectUploadChecks = (s: UploadSnapshot): readonly FileCheckView[] =>
  s.context.record?.checks ?? NO_CHECKS;
export const selectHasVerdict = (s: UploadSnapshot): boolean => VERDICTS.includes(selectUploadStage(s));

// What the row's buttons may do now: the machine's own answer, so a button never sends an event the
// upload would ignore.
export const selectCanPause = (s: UploadSnapshot): boolean => s.can({ type: 'upload.pause' });
export const selectCanResume = (s: UploadSnapshot): boolean => s.can({ type: 'upload.resume' });
export const selectCanRetry = (s: UploadSnapshot): boolean => s.can({ type: 'upload.retry' });
export const selectCanCancel = (s: UploadSnapshot): boolean => s.can({ type: 'upload.cancel' });

/** The queue's uploads, in the order picked: the list a page maps to rows (same array until one is added or dropped). */
export const selectUploads = (s: UploadQueueSnapshot): UploadQueueSnapshot['context']['uploads'] =>
  s.context.uploads;

export interface UploadSummary {
  id: string;
  name: string;
  stage: UploadStage;
  sent: number;
  total: number;
  percent: number;
  error: string | null;
}

/**
 * Every upload with its stage and progress, read now: for a summary ("2 of 5 sent") or a test. A new
 * array each call, built from the children's current snapshots, so not a `useSelector` selector.
 */
export function readUploadSummaries(s: UploadQueueSnapshot): UploadSummary[] {
  return s.context.uploads.map(({ id, actor }) => {
    const upload = actor.getSnapshot();
    return {
      id,
      name: upload.context.file.name,
      stage: selectUploadStage(upload),
      sent: upload.context.sent,
      total: upload.context.total,
      percent: selectUploadPercent(upload),
      error: upload.context.error,
    };
  });
}
