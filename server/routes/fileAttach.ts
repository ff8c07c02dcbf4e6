import type { Context } from 'hono';
import type { z } from 'zod';
import type { attachBody } from '../../contract/adFiles';
import type { ListedFile } from '../data/adFileListing';
import { addRuns, addRunsToCheck, retarget } from '../data/adFileRuns';
import { findAdFile } from '../data/adFiles';
import type { AppEnv } from '../env';
import { checkKey, checkTargetsOf } from '../files/checking';
import { queueCheck } from '../files/checkJob';
import { runsTargets } from '../files/runTargets';
import { type CheckTarget, sheetTarget } from '../files/target';
import { leaveRefusal, runKey, targetsOf } from '../files/views';
import { signedInUser } from '../http/auth';
import { fail } from '../http/envelope';
import { changed } from './fileAnswers';

/** The file was approved, checked again or moved by someone else between reading it and changing it. */
const FILE_CHANGED = 'This file changed while you were attaching it: reload the page and try again.';

/** Why the file cannot move to another spec sheet: it is a run's approved ad. */
function moveRefusal(listed: ListedFile, targets: Map<string, CheckTarget | null>, now: Date): string | null {
  for (const run of listed.runs) {
    const target = targets.get(runKey(run)) ?? null;
    const late = leaveRefusal(run, target, now);
    if (late) return late;
    if (run.approvedAt)
      return `This is the approved ad of ${target?.order?.run.label ?? `order ${run.orderNumber}'s run ${run.runValue}`}: send the file again as a new upload for the other spec sheet, so that run keeps its ad.`;
  }
  return null;
}

/**
 * POST /files/{id}/attach (contract/adFiles.ts's attachBody): the file serves more runs of its own
 * sheet, or moves to another sheet (alone, or with runs of it) and is checked again there.
 */
export async function attachFile(
  c: Context<AppEnv>,
  listed: ListedFile,
  body: z.output<typeof attachBody>,
): Promise<Response> {
  const { account } = signedInUser(c);
  const { file } = listed;
  if (file.status === 'uploading' || file.status === 'checking')
    return fail(c, 409, 'Wait for the file to arrive and be checked, then attach it.');
  const db = c.var.db;
  const now = c.var.clock();
  const current = await targetsOf(db, account.companyId, [listed]);
  if (body.kind === 'sheet') {
    const outcome = sheetTarget(body.sheet);
    if (!outcome.ok) return fail(c, outcome.status, outcome.message);
    const refusal = moveRefusal(listed, current, now);
    if (refusal) return fail(c, 409, refusal);
    if (!(await retarget(db, file, { sheet: outcome.target.sheet, runs: [] }, account.id, now)))
      return fail(c, 409, FILE_CHANGED);
    const updated = await findAdFile(db, account.companyId, file.id);
    if (updated) await queueCheck(c.var.jobs, updated);
    return changed(c, 'The file is being checked against its new spec.');
  }
  const order = body.order.toUpperCase();
  const served = new Set(listed.runs.filter((run) => run.orderNumber === order).map((run) => run.runValue));
  const values = body.kind === 'runs' ? body.runs : [body.run || null];
  // The runs offered were open when the page loaded; one may have passed its deadline since.
  const outcome = await runsTargets(db, account.companyId, order, values, now, { served });
  if (!outcome.ok) return fail(c, outcome.status, outcome.message);
  const runs = outcome.targets.map((t) => ({ orderId: t.order.id, runValue: t.order.run.value ?? '' }));
  const labels = outcome.targets.map((t) => t.order.run.label).join(', ');
  const sheet = outcome.targets[0]?.sheet ?? file.sheet ?? '';
  if (sheet === file.sheet) {
    // Its own sheet and trim: the verdict it has stands for the new runs too. A placement with
    // its own trim is checked for its runs, never given a verdict made for another size.
    const checked = await checkTargetsOf(db, file);
    const key = checked.ok && checked.groups[0] ? checkKey(checked.groups[0].target) : null;
    if (outcome.targets.some((target) => checkKey(target) !== key)) {
      const added = await addRunsToCheck(db, file, runs, account.id, now);
      if (added === null) return fail(c, 409, FILE_CHANGED);
      const updated = added > 0 ? await findAdFile(db, account.companyId, file.id) : undefined;
      if (updated) await queueCheck(c.var.jobs, updated);
      return changed(
        c,
        added === 0
          ? `${file.name} is the ad for ${labels} already.`
          : `${file.name} is now the ad for ${labels}: it is being checked against their placement's size.`,
      );
    }
    const added = await addRuns(db, file, runs, account.id, now);
    if (added === null) return fail(c, 409, FILE_CHANGED);
    return changed(
      c,
      added === 0
        ? `${file.name} is the ad for ${labels} already.`
        : `${file.name} is now the ad for ${labels}.`,
    );
  }
  const refusal = moveRefusal(listed, current, now);
  if (refusal) return fail(c, 409, refusal);
  if (!(await retarget(db, file, { sheet, runs }, account.id, now))) return fail(c, 409, FILE_CHANGED);
  const updated = await findAdFile(db, account.companyId, file.id);
  if (updated) await queueCheck(c.var.jobs, updated);
  return changed(c, 'The file is being checked against its new spec.');
}
