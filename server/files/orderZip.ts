import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adFiles, fileRuns } from '../db/schema';
import { cleanFileName } from './fileName';

/** A run's approved file, as file_runs keeps it (issue 33). */
export interface ApprovedRunFile {
  runValue: string;
  fileId: string;
  name: string;
  size: number;
  createdAt: Date;
}

/** The approved file of each run of an order, by run; only files whose bytes have all arrived. */
export async function approvedFilesOfOrder(db: Db, orderId: number): Promise<ApprovedRunFile[]> {
  return db
    .select({
      runValue: fileRuns.runValue,
      fileId: adFiles.id,
      name: adFiles.name,
      size: adFiles.size,
      createdAt: adFiles.createdAt,
    })
    .from(fileRuns)
    .innerJoin(adFiles, eq(adFiles.id, fileRuns.fileId))
    .where(
      and(eq(fileRuns.orderId, orderId), isNotNull(fileRuns.approvedAt), ne(adFiles.status, 'uploading')),
    )
    .orderBy(asc(fileRuns.runValue));
}

/** One file of the archive: its id in the storage and its name in the zip. */
export interface ZippedFile {
  fileId: string;
  name: string;
  size: number;
  createdAt: Date;
}

const EXTENSION = /\.[^.]{1,8}$/;

/**
 * Each approved file once (a file approved for several runs is stored once), in run order, named as
 * the library shows it; a name already taken gets " (2)", " (3)"... before its extension, as a
 * desktop does when a file is copied next to one of the same name. Names compare without case: an
 * archive unpacked on macOS or Windows would otherwise overwrite one with the other.
 */
export function zippedFiles(rows: readonly ApprovedRunFile[]): ZippedFile[] {
  const byId = new Map<string, ZippedFile>();
  const taken = new Set<string>(['runs.txt']);
  for (const row of rows) {
    if (byId.has(row.fileId)) continue;
    const clean = cleanFileName(row.name);
    const extension = clean.match(EXTENSION)?.[0] ?? '';
    const stem = clean.slice(0, clean.length - extension.length);
    let name = clean;
    for (let copy = 2; taken.has(name.toLowerCase()); copy++) name = `${stem} (${copy})${extension}`;
    taken.add(name.toLowerCase());
    byId.set(row.fileId, { fileId: row.fileId, name, size: row.size, createdAt: row.createdAt });
  }
  return [...byId.values()];
}

/**
 * runs.txt: which file serves each run, one line a run in the order's run order ("March 2027 issue:
 * cover.pdf"), so the archive says what each file is for.
 */
export function runsText(
  orderNumber: string,
  runs: readonly { value: string | null; label: string }[],
  rows: readonly ApprovedRunFile[],
  files: readonly ZippedFile[],
  /** The names of the files left out: deleted while the archive was made. */
  gone: readonly string[] = [],
): string {
  const nameOf = new Map(files.map((file) => [file.fileId, file.name]));
  const lines = runs.map((run) => {
    const approved = rows.find((row) => row.runValue === run.value);
    const name = approved ? (nameOf.get(approved.fileId) ?? '') : null;
    if (name === null) return `${run.label}: no approved file yet`;
    return gone.includes(name)
      ? `${run.label}: ${name} was deleted while this archive was made, so it is not in it`
      : `${run.label}: ${name}`;
  });
  return `The approved files of order ${orderNumber}, by run.\r\n\r\n${lines.join('\r\n')}\r\n`;
}

/** Past this the archive would need ZIP64, which the zip writer does not write. */
export const ZIP_MAX_BYTES = 4 * 1024 ** 3 - 64 * 1024 ** 2;
