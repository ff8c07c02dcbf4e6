import { fromPromise } from 'xstate';
import type { AdFile, FilesList } from '../../contract/adFiles';
import type { ApprovalRequestsList } from '../../contract/approvalRequests';
import { approvalRequestMachine, type RunOfFile } from '../../machines/files/approvalRequest.machine';
import { createRequestMachine } from '../../machines/request/request.machine';
import {
  fileActionsMachine,
  type RunChoice,
  type RunsChoice,
} from '../../machines/upload/fileActions.machine';
import { approvalCalls, fileCalls } from './fileCalls';

const { approveFile, attachFile, deleteFile, detachFile, fetchFile, fetchFiles } = fileCalls;

/** What the library shows: whose files (never another customer's answer), which ones, which load. */
export interface FilesKey {
  customer: string;
  view: 'all' | 'attention' | 'approved';
  order: string | null;
  /** Issue 33: the library's filters (a placement's name, a sheet's slug, who sent the file). */
  placement: string | null;
  sheet: string | null;
  person: string | null;
  /** Bumped when an upload finishes or a file changes, to read the library again. */
  version: number;
}

export const filesMachine = createRequestMachine<FilesKey, FilesList>({ id: 'files' });

/** The library of /files: GET /files for the key the page sends (the previous answer stays while it loads). */
export function filesLogic(api: { fetchFiles: typeof fetchFiles } = { fetchFiles }) {
  return filesMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: { key: FilesKey } }) =>
        api.fetchFiles({
          view: input.key.view,
          order: input.key.order ?? undefined,
          placement: input.key.placement ?? undefined,
          sheet: input.key.sheet ?? undefined,
          person: input.key.person ?? undefined,
        }),
      ),
    },
  });
}

/** One file read again on its page (issue 33: its runs' approvals), when `version` changes. */
export interface OneFileKey {
  customer: string;
  id: string;
  version: number;
}

export const oneFileMachine = createRequestMachine<OneFileKey, AdFile>({ id: 'oneFile' });

/** GET /files/{id} for the file page's runs, after an approval, an attach or a detach there. */
export function oneFileLogic(api: { fetchFile: typeof fetchFile } = { fetchFile }) {
  return oneFileMachine.provide({
    actors: { load: fromPromise(({ input }: { input: { key: OneFileKey } }) => api.fetchFile(input.key.id)) },
  });
}

/**
 * Attach, approve and delete for one file of the library, and watching its checks; `onChanged` has the
 * library read again.
 */
export function fileActionsLogic(
  onChanged: () => void,
  api: {
    approveFile: typeof approveFile;
    deleteFile: typeof deleteFile;
    attachFile: typeof attachFile;
    detachFile: typeof detachFile;
    fetchFile: typeof fetchFile;
  } = { approveFile, deleteFile, attachFile, detachFile, fetchFile },
) {
  return fileActionsMachine.provide({
    actors: {
      approve: fromPromise(({ input }: { input: { id: string; run?: RunChoice | undefined } }) =>
        api.approveFile(input.id, input.run),
      ),
      remove: fromPromise(({ input }: { input: { id: string } }) => api.deleteFile(input.id)),
      // One order a call: the machine goes order by order and reports each one's outcome.
      attach: fromPromise(({ input }: { input: { id: string; to: RunsChoice } }) =>
        api.attachFile(input.id, input.to),
      ),
      detach: fromPromise(({ input }: { input: { id: string; run: RunChoice } }) =>
        api.detachFile(input.id, input.run),
      ),
      fetchFile: fromPromise(({ input }: { input: { id: string } }) => api.fetchFile(input.id)),
    },
    actions: { changed: () => onChanged() },
  });
}

/**
 * Issue 33: one run's approval (approve or ask, withdraw, accept, decline with a reason); `onChanged`
 * has the files read again.
 */
export function runApprovalLogic(onChanged: () => void, api: typeof approvalCalls = approvalCalls) {
  return approvalRequestMachine.provide({
    actors: {
      approve: fromPromise(({ input }: { input: RunOfFile }) =>
        api.approveRun(input.fileId, { order: input.order, run: input.run }),
      ),
      withdraw: fromPromise(({ input }: { input: { requestId: number } }) =>
        api.withdrawRequest(input.requestId),
      ),
      accept: fromPromise(({ input }: { input: { requestId: number } }) =>
        api.acceptRequest(input.requestId),
      ),
      decline: fromPromise(({ input }: { input: { requestId: number; reason: string } }) =>
        api.declineRequest(input.requestId, input.reason),
      ),
    },
    actions: { changed: () => onChanged() },
  });
}

/** Whose open requests for approval are shown (the owner's or an admin's company), read again on `version`. */
export interface ApprovalRequestsKey {
  customer: string;
  version: number;
}

export const approvalRequestsMachine = createRequestMachine<ApprovalRequestsKey, ApprovalRequestsList>({
  id: 'approvalRequests',
});

/** The open requests of /files: GET /approval-requests. */
export function approvalRequestsLogic(api: typeof approvalCalls = approvalCalls) {
  return approvalRequestsMachine.provide({
    actors: { load: fromPromise(() => api.fetchApprovalRequests('open')) },
  });
}
