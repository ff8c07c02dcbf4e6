import { Hono } from 'hono';
import { approveBody, attachBody, detachBody, filesQuery } from '../../contract/adFiles';
import { requirementsOf } from '../../contract/specRequirements';
import { SPEC_SHEETS } from '../content/specSheets';
import { listAdFiles } from '../data/adFileListing';
import { deleteAdFile } from '../data/adFiles';
import { findOrder, peopleByIds } from '../data/orders';
import type { AppEnv } from '../env';
import { attachableRuns } from '../files/attachableRuns';
import { storedFileResponse } from '../files/download';
import { libraryChoices, libraryConditions } from '../files/libraryFilter';
import type { UploadStorage } from '../files/storage';
import { adFileView, deleteRefusal, peopleOfFiles, targetsOf } from '../files/views';
import { requireUser, signedInUser } from '../http/auth';
import { fail, ok } from '../http/envelope';
import { inputBody, query } from '../http/validators';
import { approvalsOf, fileOf, NOT_FOUND, viewOf } from './fileAnswers';
import { attachFile } from './fileAttach';
import { approveRun, detachFromRun, runOfCall } from './fileRunCalls';

/**
 * The signed-in customer's company's ad files: the library, one file, its download and thumbnail,
 * attach (./fileAttach.ts), approve and detach (./fileRunCalls.ts), delete.
 */
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
      return attachFile(c, listed, c.req.valid('form'));
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
      return detachFromRun(c, listed, chosen.run);
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
