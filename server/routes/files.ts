import type { Context } from 'hono';
import { Hono } from 'hono';
import { attachBody, filesQuery } from '../../contract/adFiles';
import { requirementsOf } from '../../contract/specRequirements';
import { SPEC_SHEETS } from '../content/specSheets';
import {
  deleteAdFile,
  findAdFile,
  findListedFile,
  type ListedFile,
  listAdFiles,
  retarget,
} from '../data/adFiles';
import { findOrder, peopleByIds } from '../data/orders';
import type { AppEnv } from '../env';
import { approveOrRequest, SENT_FOR_APPROVAL } from '../files/approvals';
import { attachableRuns } from '../files/attachableRuns';
import { queueCheck } from '../files/checkJob';
import { storedFileResponse } from '../files/download';
import { syncLegacyRun } from '../files/legacyRun';
import type { UploadStorage } from '../files/storage';
import { runTarget, sheetTarget } from '../files/target';
import { adFileView, approveRefusal, deleteRefusal, lateFile, targetKey, targetsOf } from '../files/views';
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

/** The answer for one file, as the list shows it. */
async function viewOf(c: Context<AppEnv>, listed: ListedFile) {
  const { account } = signedInUser(c);
  const targets = await targetsOf(c.var.db, account.companyId, [listed]);
  const people = await peopleByIds(c.var.db, [listed.file.approvedBy]);
  return adFileView(
    listed,
    targets.get(targetKey(listed.file, listed.orderNumber)) ?? null,
    c.var.clock(),
    people.get(listed.file.approvedBy ?? '')?.name ?? null,
  );
}

/** The signed-in customer's company's ad files: the library, one file, attach, approve, delete. */
export const fileRoutes = (storage: () => Promise<UploadStorage>) =>
  new Hono<AppEnv>()
    .use(requireUser)
    .get('/', query(filesQuery), async (c) => {
      const { order, view } = c.req.valid('query');
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
      });
      const targets = await targetsOf(db, account.companyId, listed);
      const people = await peopleByIds(
        db,
        listed.map((l) => l.file.approvedBy),
      );
      const now = c.var.clock();
      const files = listed.map((l) =>
        adFileView(
          l,
          targets.get(targetKey(l.file, l.orderNumber)) ?? null,
          now,
          people.get(l.file.approvedBy ?? '')?.name ?? null,
        ),
      );
      const sheets = SPEC_SHEETS.filter((sheet) => requirementsOf(sheet.slug).length > 0).map((sheet) => ({
        slug: sheet.slug,
        title: sheet.title,
      }));
      const runs = await attachableRuns(db, account.companyId, now);
      return ok(c, { files, sheets, runs });
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
      const now = c.var.clock();
      if (file.approvedAt) {
        const targets = await targetsOf(c.var.db, account.companyId, [listed]);
        const current = targets.get(targetKey(file, listed.orderNumber)) ?? null;
        if (current?.order && now > current.order.run.adDue)
          return fail(
            c,
            409,
            `This is the approved ad of ${current.order.run.label}, past its deadline: it stays.`,
          );
      }
      const body = c.req.valid('form');
      const outcome =
        'sheet' in body
          ? sheetTarget(body.sheet)
          : await runTarget(c.var.db, account.companyId, { order: body.order, run: body.run || null });
      if (!outcome.ok) return fail(c, outcome.status, outcome.message);
      const order = outcome.target.order;
      if (order?.cancelled) return fail(c, 422, `Order ${order.number} is cancelled: it needs no ad.`);
      // The runs offered were open when the page loaded; one may have passed its deadline since.
      if (order && now > order.run.adDue) return fail(c, 409, lateFile(order.run));
      await retarget(
        c.var.db,
        file.id,
        { orderId: order?.id ?? null, runValue: order?.run.value ?? null, sheet: outcome.target.sheet },
        now,
      );
      const updated = await findAdFile(c.var.db, account.companyId, file.id);
      if (updated) await queueCheck(c.var.jobs, updated);
      const again = await fileOf(c);
      return ok(
        c,
        again ? await viewOf(c, again) : null,
        {},
        'The file is being checked against its new spec.',
      );
    })
    .post('/:id/approve', async (c) => {
      const listed = await fileOf(c);
      if (!listed) return fail(c, 404, NOT_FOUND);
      const { account } = signedInUser(c);
      const targets = await targetsOf(c.var.db, account.companyId, [listed]);
      const target = targets.get(targetKey(listed.file, listed.orderNumber)) ?? null;
      const now = c.var.clock();
      const refusal = approveRefusal(listed.file, target, now);
      if (refusal) return fail(c, 409, refusal);
      // Issue 33: the file's one run as file_runs holds it, approved or (a member's, when approvals
      // need an admin) requested. The "runs" work rebuilds this route around approveOrRequest.
      const key = await syncLegacyRun(c.var.db, listed.file, now);
      if (!key) return fail(c, 409, "Attach the file to an order's run before approving it.");
      const outcome = await approveOrRequest(
        { db: c.var.db, jobs: c.var.jobs },
        { companyId: account.companyId, userId: account.id, role: account.role },
        listed.file,
        key,
        now,
      );
      if (outcome.kind === 'refused') return fail(c, outcome.status, outcome.message);
      const again = await fileOf(c);
      if (outcome.kind === 'requested')
        return jsonAnswer(c, okEnvelope(again ? await viewOf(c, again) : null, {}, SENT_FOR_APPROVAL), 202);
      return ok(
        c,
        again ? await viewOf(c, again) : null,
        {},
        `${listed.file.name} is the approved ad of ${target?.order?.run.label ?? 'its run'}.`,
      );
    })
    .delete('/:id', async (c) => {
      const listed = await fileOf(c);
      if (!listed) return fail(c, 404, NOT_FOUND);
      const { account } = signedInUser(c);
      const targets = await targetsOf(c.var.db, account.companyId, [listed]);
      const refusal = deleteRefusal(
        listed.file,
        targets.get(targetKey(listed.file, listed.orderNumber)) ?? null,
        c.var.clock(),
      );
      if (refusal) return fail(c, 409, refusal);
      await deleteAdFile(c.var.db, listed.file.id);
      await (await storage()).remove(listed.file.id);
      return ok(c, { id: listed.file.id }, {}, `${listed.file.name} is deleted.`);
    });
