import type { AdFile } from '../../contract/adFiles';

/**
 * A file the customer picked, as the machines know it: the browser's File stays with the adapter
 * (src/system/uploads.ts), found again by `key`.
 */
export interface UploadFileRef {
  key: string;
  name: string;
  size: number;
  type: string;
}

/**
 * What a file is checked against: an order's run (issue 33: or several runs of it, `runs`, for one
 * upload serving them all), or a spec sheet picked for a file with no order.
 */
export type UploadTarget =
  | { order: string; run: string | null; runs?: readonly string[] | undefined }
  | { sheet: string };

/** The bytes' way up, as the tus client reports it. */
export type TransferEvent =
  | { type: 'transfer.progress'; sent: number; total: number }
  /** The upload's address on the server: kept, so a resume continues instead of starting again. */
  | { type: 'transfer.created'; uploadUrl: string }
  | { type: 'transfer.done'; fileId: string }
  /** `retryable`: a dropped connection or a busy server, not a refusal the same file would get again. */
  | { type: 'transfer.failed'; message: string; retryable: boolean };

export interface TransferInput {
  file: UploadFileRef;
  target: UploadTarget;
  /** Where an earlier attempt got to; null for a new upload. */
  uploadUrl: string | null;
}

export type UploadRecord = AdFile;
