import type { AdFile, FilesList } from '../../contract/adFiles';
import { call, callFile, type FileAnswer } from './client';
import { type Result, toResult } from './result';

/**
 * The ad files API (issue 16): the library, one file, approving and deleting. The bytes go up with
 * tus (src/system/uploads.ts), not through these calls.
 */

const filePath = (id: string) => `/files/${encodeURIComponent(id)}`;

export interface FilesQuery {
  order?: string | undefined;
  view?: 'all' | 'attention' | 'approved' | undefined;
  /** Issue 33: a placement's name, a spec sheet's slug, the id of who sent the file. */
  placement?: string | undefined;
  sheet?: string | undefined;
  person?: string | undefined;
}

/** GET /files: the company's files, newest first, and the sheets a file can be checked against. */
export async function fetchFiles(query: FilesQuery): Promise<Result<FilesList>> {
  const answer = await call<FilesList>('/files', {
    auth: true,
    query: {
      order: query.order || undefined,
      view: query.view && query.view !== 'all' ? query.view : undefined,
      placement: query.placement || undefined,
      sheet: query.sheet || undefined,
      person: query.person || undefined,
    },
  });
  return toResult(answer);
}

/** GET /files/{id}: a file's status and checks. */
export const fetchFile = async (id: string): Promise<Result<AdFile>> =>
  toResult(await call<AdFile>(filePath(id), { auth: true }));

/**
 * POST /files/{id}/approve: the file as the approved ad of one of its runs (`run`; none for a file of
 * one run), or the API's reason it cannot be.
 */
export async function approveFile(id: string, run?: { order: string; run: string }): Promise<Result<AdFile>> {
  const answer = await call<AdFile>(`${filePath(id)}/approve`, {
    method: 'post',
    auth: true,
    ...(run ? { body: run } : {}),
  });
  return toResult(answer);
}

/** POST /files/{id}/detach: the file no longer serves that run. */
export const detachFile = async (id: string, run: { order: string; run: string }): Promise<Result<AdFile>> =>
  toResult(await call<AdFile>(`${filePath(id)}/detach`, { method: 'post', body: run, auth: true }));

/**
 * POST /files/{id}/attach: the file for runs of an order (issue 33: several at once); runs of another
 * sheet have it checked again.
 */
export async function attachFile(
  id: string,
  to: { order: string; runs: readonly string[] } | { order: string; run: string },
): Promise<Result<AdFile>> {
  return toResult(await call<AdFile>(`${filePath(id)}/attach`, { method: 'post', body: to, auth: true }));
}

/** DELETE /files/{id}. */
export const deleteFile = async (id: string): Promise<Result<{ id: string }>> =>
  toResult(await call<{ id: string }>(filePath(id), { method: 'delete', auth: true }));

/** GET /orders/{number}/files.zip: the approved file of each run of the order, with runs.txt (issue 33). */
export const downloadApprovedFiles = (number: string): Promise<FileAnswer> =>
  callFile(`/orders/${encodeURIComponent(number)}/files.zip`, {}, approvedFilesZipName(number));

export const approvedFilesZipName = (number: string) => `${number}-approved-files.zip`;
