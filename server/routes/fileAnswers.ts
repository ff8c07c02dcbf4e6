import type { Context } from 'hono';
import { findListedFile, type ListedFile } from '../data/adFileListing';
import { approvalsNeedAdmin } from '../data/approvalRequests';
import { peopleByIds } from '../data/orders';
import type { AppEnv } from '../env';
import { runApprovalView } from '../files/approvalViews';
import { adFileView, peopleOfFiles, targetsOf } from '../files/views';
import { signedInUser } from '../http/auth';
import { ok } from '../http/envelope';
import { fileIdParam } from '../http/params';

/*
 * What every call of server/routes/files.ts starts and ends with: the company's file the address
 * names, and the file as the library shows it.
 */

export const NOT_FOUND = 'There is no such file in your company’s files.';

/** The company's file of the address, or null (a malformed id, another company's, a deleted one). */
export async function fileOf(c: Context<AppEnv>): Promise<ListedFile | null> {
  const id = fileIdParam(c, 'id');
  if (!id) return null;
  const { account } = signedInUser(c);
  return findListedFile(c.var.db, account.companyId, id);
}

/** What "Approve" does for the signed-in person on each run of the files, and each run's request. */
export async function approvalsOf(c: Context<AppEnv>, listed: readonly ListedFile[]) {
  const { account } = signedInUser(c);
  const runs = listed.flatMap((l) =>
    l.runs.map((run) => ({ fileId: l.file.id, orderId: run.orderId, runValue: run.runValue })),
  );
  return runApprovalView(
    c.var.db,
    {
      companyId: account.companyId,
      userId: account.id,
      role: account.role,
      approvalsNeedAdmin: await approvalsNeedAdmin(c.var.db, account.companyId),
    },
    runs,
  );
}

/** The answer for one file, as the list shows it. */
export async function viewOf(c: Context<AppEnv>, listed: ListedFile) {
  const { account } = signedInUser(c);
  const targets = await targetsOf(c.var.db, account.companyId, [listed]);
  const people = await peopleByIds(c.var.db, peopleOfFiles([listed]));
  return adFileView(listed, targets, c.var.clock(), people, await approvalsOf(c, [listed]));
}

/** The file's answer read again after a change, with what happened. */
export async function changed(c: Context<AppEnv>, message: string) {
  const again = await fileOf(c);
  return ok(c, again ? await viewOf(c, again) : null, {}, message);
}
