import * as approvals from '../api/approvals';
import * as files from '../api/files';
import { dataOf, orApiSentence } from './results';

/** The ad files' calls as the machines take them: the file (or the library) as it is now, or why not. */
export const fileCalls = {
  fetchFiles: orApiSentence(files.fetchFiles, 'Your files could not be loaded. Please try again.'),
  fetchFile: orApiSentence(files.fetchFile, 'The file could not be read. Please try again.'),
  approveFile: orApiSentence(files.approveFile, 'The file could not be approved. Please try again.'),
  detachFile: orApiSentence(
    files.detachFile,
    'The file could not be removed from that run. Please try again.',
  ),
  attachFile: orApiSentence(files.attachFile, 'The file could not be attached. Please try again.'),
  deleteFile: async (id: string): Promise<void> => {
    dataOf(await files.deleteFile(id), 'The file could not be deleted. Please try again.');
  },
};

const DECISION_FAILED = 'That did not work. Please try again.';

/** Issue 33's approvals as the machines take them: what "Approve" did, a decision made, or why not. */
export const approvalCalls = {
  approveRun: orApiSentence(approvals.approveRun, 'The file could not be approved. Please try again.'),
  fetchApprovalRequests: orApiSentence(
    approvals.fetchApprovalRequests,
    'The requests for approval could not be loaded. Please try again.',
  ),
  acceptRequest: async (id: number): Promise<void> => {
    dataOf(await approvals.acceptRequest(id), DECISION_FAILED);
  },
  declineRequest: async (id: number, reason: string): Promise<void> => {
    dataOf(await approvals.declineRequest(id, reason), DECISION_FAILED);
  },
  withdrawRequest: async (id: number): Promise<void> => {
    dataOf(await approvals.withdrawRequest(id), DECISION_FAILED);
  },
};
