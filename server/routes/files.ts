import type { Context } from 'hono';
import { Hono } from 'hono';
import { approveBody, attachBody, detachBody, filesQuery } from '../../contract/adFiles';
import { requirementsOf } from '../../contract/specRequirements';
import { SPEC_SHEETS } from '../content/specSheets';
import { findListedFile, type ListedFile, type ListedRun, listAdFiles } from '../data/adFileListing';
import { addRuns, addRunsToCheck, detachRun, retarget } from '../data/adFileRuns';
import { deleteAdFile, findAdFile } from '../data/adFiles';
import { approvalsNeedAdmin } from '../data/approvalRequests';
import { findOrder, peopleByIds } from '../data/orders';
import type { AppEnv } from '../env';
import { approveOrRequest, SENT_FOR_APPROVAL } from '../files/approvals';
import { runApprovalView } from '../files/approvalViews';
import { attachableRuns } from '../files/attachableRuns';
import { checkKey, checkTargetsOf } from '../files/checking';
import { queueCheck } from '../files/checkJob';
import { storedFileResponse } from '../files/download';
import { cleanFileName } from '../files/fileName';
import { libraryChoices, libraryConditions } from '../files/libraryFilter';
import { runsTargets } from '../files/runTargets';
import type { UploadStorage } from '../files/storage';
import { type CheckTarget, sheetTarget } from '../files/target';
import {
  adFileView,
  approveRefusal,
  deleteRefusal,
  leaveRefusal,
  peopleOfFiles,
  runKey,
  targetsOf,
} from '../files/views';
import { requireUser, signedInUser } from '../http/auth';
import { fail, ok, okEnvelope } from '../http/envelope';
import { jsonAnswer } from '../http/jsonAnswer';
import { fileIdParam } from '../http/params';
import { inputBody, query } from '../http/validators';

const NOT_FOUND = 'There is no such file in your company’s files.';

/** The company's file of the address, or null (a malformed id, another company's, a deleted one). */
async function fileOf(c: Context<AppEnv>): Promise<ListedFile | null> {
  const id = fileIdParam(c, 'id');
  if (!id) return null;
  const { account } = signedInUser(c);
  return findListedFile(c.var.db, account.companyId, id);
}

/** What "Approve" does for the signed-in person on each run of the files, and each run's request. */
async function approvalsOf(c: Context<AppEnv>, listed: readonly ListedFile[]) {
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
async function viewOf(c: Context<AppEnv>, listed: ListedFile) {
  const { account } = signedInUser(c);
  const targets = await targetsOf(c.var.db, account.companyId, [listed]);
  const people = await peopleByIds(c.var.db, peopleOfFiles([listed]));
  return adFileView(listed, targets, c.var.clock(), people, await approvalsOf(c, [listed]));
}

/** The file's answer read again after a change, with what happened. */
async function changed(c: Context<AppEnv>, message: string) {
  const again = await fileOf(c);
  return ok(c, again ? await viewOf(c, again) : null, {}, message);
}

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

/** Why the file cannot move to another spec sheet: it is a run's approved ad. */
/** The file was approved, checked again or moved by someone else between reading it and changing it. */
const FILE_CHANGED = 'This file changed while you were attaching it: reload the page and try again.';

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

/** The signed-in customer's company's ad files: the library, one file, attach, approve, delete. */
export const fileRoutes = (storage: () => Promise<UploadStorage>) =>
  new Hono<AppEnv>()
    .use(requireUser)
    .get('/', query(filesQuery), async (c) => {
      const { order, view, placement, sheet, person } = c.req.valid('query');
      const { account } = signedInUser(c);
      const db = c.var.db;
      let orderId: number | undefined;
      if (order) {
        const record = await findOrder(db, account.companyId, order);
        if (!record) return fail(c, 404, `There is no order ${order} in your company's orders.`);
        orderId = record.order.id;
      }
      const listed = await listAdFiles(db, account.companyId, {
        ...(orderId !== undefined ? { orderId } : {}),
        ...(view !== 'all' ? { view } : {}),
        where: libraryConditions({ placement, sheet, person }),
      });
      const targets = await targetsOf(db, account.companyId, listed);
      const people = await peopleByIds(db, peopleOfFiles(listed));
      const now = c.var.clock();
      const approvals = await approvalsOf(c, listed);
      const files = listed.map((l) => adFileView(l, targets, now, people, approvals));
      const sheets = SPEC_SHEETS.filter((sheet) => requirementsOf(sheet.slug).length > 0).map((sheet) => ({
        slug: sheet.slug,
        title: sheet.title,
      }));
      const runs = await attachableRuns(db, account.companyId, now);
      const filters = await libraryChoices(db, account.companyId);
      return ok(c, { files, sheets, runs, filters });
    })
    .get('/:id', async (c) => {
      const listed = await fileOf(c);
      return listed ? ok(c, await viewOf(c, listed)) : fail(c, 404, NOT_FOUND);
    })
    .get('/:id/download', async (c) => {
      const listed = await fileOf(c);
      if (!listed) return fail(c, 404, NOT_FOUND);
      if (listed.file.status === 'uploading')
        return fail(c, 409, 'This file is still uploading: download it once it has arrived.');
      return storedFileResponse(await storage(), listed.file.id, listed.file);
    })
    .get('/:id/thumbnail', async (c) => {
      const listed = await fileOf(c);
      if (!listed?.file.thumbnail) return fail(c, 404, NOT_FOUND);
      return c.body(Buffer.from(listed.file.thumbnail, 'base64'), 200, {
        'Content-Type': 'image/webp',
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, max-age=3600',
      });
    })
    .post('/:id/attach', inputBody(attachBody), async (c) => {
      const listed = await fileOf(c);
      if (!listed) return fail(c, 404, NOT_FOUND);
      const { account } = signedInUser(c);
      const { file } = listed;
      if (file.status === 'uploading' || file.status === 'checking')
        return fail(c, 409, 'Wait for the file to arrive and be checked, then attach it.');
      const db = c.var.db;
      const now = c.var.clock();
      const body = c.req.valid('form');
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
      const served = new Set(
        listed.runs.filter((run) => run.orderNumber === order).map((run) => run.runValue),
      );
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
    })
    .post('/:id/approve', inputBody(approveBody), async (c) => {
      const listed = await fileOf(c);
      if (!listed) return fail(c, 404, NOT_FOUND);
      const chosen = runOfCall(listed, c.req.valid('form'));
      if (!('run' in chosen)) return fail(c, chosen.status, chosen.message);
      return approveRun(c, listed, chosen.run);
    })
    .post('/:id/detach', inputBody(detachBody), async (c) => {
      const listed = await fileOf(c);
      if (!listed) return fail(c, 404, NOT_FOUND);
      const chosen = runOfCall(listed, c.req.valid('form'));
      if (!('run' in chosen)) return fail(c, chosen.status, chosen.message);
      const { account } = signedInUser(c);
      const now = c.var.clock();
      const targets = await targetsOf(c.var.db, account.companyId, [listed]);
      const target = targets.get(runKey(chosen.run)) ?? null;
      const refusal = leaveRefusal(chosen.run, target, now);
      if (refusal) return fail(c, 409, refusal);
      await detachRun(c.var.db, listed.file.id, chosen.run, now);
      const label = target?.order?.run.label ?? `run ${chosen.run.runValue}`;
      return changed(
        c,
        `${listed.file.name} is no longer the ad for ${label} of order ${chosen.run.orderNumber}.`,
      );
    })
    .delete('/:id', async (c) => {
      const listed = await fileOf(c);
      if (!listed) return fail(c, 404, NOT_FOUND);
      const { account } = signedInUser(c);
      const targets = await targetsOf(c.var.db, account.companyId, [listed]);
      const refusal = deleteRefusal(listed, targets, c.var.clock());
      if (refusal) return fail(c, 409, refusal);
      await deleteAdFile(c.var.db, listed.file.id);
      await (await storage()).remove(listed.file.id);
      return ok(c, { id: listed.file.id }, {}, `${listed.file.name} is deleted.`);
    });
