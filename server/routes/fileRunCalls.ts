import type { Context } from 'hono';
import type { ListedFile, ListedRun } from '../data/adFileListing';
import { detachRun } from '../data/adFileRuns';
import type { AppEnv } from '../env';
import { approveOrRequest, SENT_FOR_APPROVAL } from '../files/approvals';
import { cleanFileName } from '../files/fileName';
import { approveRefusal, leaveRefusal, runKey, targetsOf } from '../files/views';
import { signedInUser } from '../http/auth';
import { fail, okEnvelope } from '../http/envelope';
import { jsonAnswer } from '../http/jsonAnswer';
import { changed, fileOf, viewOf } from './fileAnswers';

/** The run of the file a call names, or why it names none (a file of one run needs no name). */
export function runOfCall(
  listed: ListedFile,
  wanted: { order?: string | undefined; run?: string | undefined },
): { run: ListedRun } | { status: 404 | 422; message: string } {
  const name = cleanFileName(listed.file.name);
  if (listed.runs.length === 0)
    return { status: 422, message: "Attach the file to an order's run before approving it." };
  const order = wanted.order?.toUpperCase();
  const matching = listed.runs.filter(
    (run) => (!order || run.orderNumber === order) && (!wanted.run || run.runValue === wanted.run),
  );
  const [only] = matching;
  if (matching.length === 1 && only) return { run: only };
  if (matching.length === 0)
    return {
      status: 404,
      message: `${name} is not attached to ${[wanted.run && `run ${wanted.run}`, order && `order ${order}`].filter(Boolean).join(' of ')}: attach it first.`,
    };
  return {
    status: 422,
    message: `Say which run: ${name} is the ad for ${matching.map((run) => `${run.orderNumber} ${run.runValue}`).join(', ')}.`,
  };
}

/**
 * Approves the file for one of its runs (issue 33): that run's approved ad becomes this file, and no
 * other run changes. The approve route calls it; "approvals need an admin" wraps it.
 */
export async function approveRun(c: Context<AppEnv>, listed: ListedFile, run: ListedRun): Promise<Response> {
  const { account } = signedInUser(c);
  const targets = await targetsOf(c.var.db, account.companyId, [listed]);
  const target = targets.get(runKey(run)) ?? null;
  const now = c.var.clock();
  const refusal = approveRefusal(listed.file, run, target, now);
  if (refusal) return fail(c, 409, refusal);
  const key = { fileId: listed.file.id, orderId: run.orderId, runValue: run.runValue };
  // Approved at once, or (a member's, while the company's approvals need an admin) asked of them.
  const outcome = await approveOrRequest(
    { db: c.var.db, jobs: c.var.jobs },
    { companyId: account.companyId, userId: account.id, role: account.role },
    listed.file,
    key,
    now,
  );
  if (outcome.kind === 'refused') return fail(c, outcome.status, outcome.message);
  if (outcome.kind === 'requested') {
    const again = await fileOf(c);
    return jsonAnswer(c, okEnvelope(again ? await viewOf(c, again) : null, {}, SENT_FOR_APPROVAL), 202);
  }
  return changed(c, `${listed.file.name} is the approved ad of ${outcome.runLabel}.`);
}

/** The file no longer serves the run (unless it is the run's approved ad past its deadline). */
export async function detachFromRun(
  c: Context<AppEnv>,
  listed: ListedFile,
  run: ListedRun,
): Promise<Response> {
  const { account } = signedInUser(c);
  const now = c.var.clock();
  const targets = await targetsOf(c.var.db, account.companyId, [listed]);
  const target = targets.get(runKey(run)) ?? null;
  const refusal = leaveRefusal(run, target, now);
  if (refusal) return fail(c, 409, refusal);
  await detachRun(c.var.db, listed.file.id, run, now);
  const label = target?.order?.run.label ?? `run ${run.runValue}`;
  return changed(c, `${listed.file.name} is no longer the ad for ${label} of order ${run.orderNumber}.`);
}
