import type { Context } from 'hono';
import { Hono } from 'hono';
import { FILES_PER_PAGE, filesQueueQuery, reviewBody } from '../../contract/adminFiles';
import { dayInWords, isoDay } from '../../contract/schedule';
import {
  acceptFile,
  newestFilesOfRuns,
  type ReviewedFile,
  returnFile,
  reviewedFile,
} from '../data/fileReview';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import type { AppEnv } from '../env';
import { storedFileResponse } from '../files/download';
import { fail, ok, pageMeta } from '../http/envelope';
import { fileIdParam } from '../http/params';
import { formBody, query } from '../http/validators';
import { queueMail } from '../mail/events';
import { runsOfRecords } from '../orders/keptRuns';
import { audit } from './audit';
import { requireStaff, signedInStaff } from './auth';
import { acceptRefusal, inQueue, queuedFileOf, returnRefusal, reviewAudit, runOfFile } from './fileReview';
import { staffMaySee } from './repReach';
import { repScope } from './repScope';

const NOT_FOUND = 'There is no such file sent for an order.';

/** The run a review names: the queue lists a file once for each run it serves. */
type Which = { order?: string | undefined; run?: string | undefined };

/** The queued view of one file, read again after a change. */
async function viewOf(c: Context<AppEnv>, id: string, which?: Which) {
  const row = await reviewedFile(c.var.db, id, false, which);
  if (!row) return null;
  const run = await runOf(c.var.db, row);
  return run ? queuedFileOf(row, run, c.var.clock()) : null;
}

/** The run a file was sent for, with the ad-due day kept on its order. */
const runOf = async (db: Db, row: ReviewedFile) =>
  runOfFile(row, (await runsOfRecords(db, [row])).get(row.order.id) ?? []);

/**
 * Why accepting cannot make the file its run's ad: the run's ad-due day (the one kept when the order
 * was placed) has passed, or the order no longer has the run. Null when it can.
 */
async function lateAcceptance(db: Db, row: ReviewedFile, now: Date): Promise<string | null> {
  const run = await runOf(db, row);
  if (!run) return `Order ${row.order.number} no longer has the run this file was sent for.`;
  if (now <= run.adDue) return null;
  return `The ad for ${run.label} was due on ${dayInWords(isoDay(run.adDue))}: accepting now would make this file its ad after the deadline, so call the customer about a late file.`;
}

type Decision = 'accept' | 'return';

/**
 * A review, in one transaction with the file's row locked: the refusal is decided on the row as it is
 * now (a colleague's review, or the customer's approval, may have come first), then written, audited
 * and, for a return, e-mailed.
 */
async function review(c: Context<AppEnv>, decision: Decision, note: string, which: Which) {
  const id = fileIdParam(c, 'id');
  if (!id) return fail(c, 404, NOT_FOUND);
  const member = signedInStaff(c);
  const now = c.var.clock();
  type Outcome = { refused: string; status: 404 | 409 } | { refused: null; name: string };
  let outcome: Outcome;
  try {
    outcome = await c.var.jobs.inTransaction(c.var.db, async (tx, send): Promise<Outcome> => {
      const row: ReviewedFile | null = await reviewedFile(tx, id, true, which);
      if (!row) return { refused: NOT_FOUND, status: 404 };
      const refusal = decision === 'accept' ? acceptRefusal(row) : returnRefusal(row);
      if (refusal) return { refused: refusal, status: 409 };
      // Accepting a file that is not the run's ad yet makes it the ad: only before the ad-due day.
      const late =
        decision === 'accept' && row.run.approvedAt === null ? await lateAcceptance(tx, row, now) : null;
      if (late) return { refused: late, status: 409 };
      const stamp = { note, staffId: member.id, now };
      // What acceptFile and returnFile write, for the audit's `after`.
      const written =
        decision === 'accept'
          ? { review: 'accepted' as const, reviewNote: note, approvedAt: row.run.approvedAt ?? now }
          : { review: 'returned' as const, reviewNote: note, approvedAt: null };
      const approve = row.run.approvedAt === null ? { orderId: row.order.id, runValue: row.run.value } : null;
      // The members whose open approval requests the review closed hear of it (issue 33).
      const closed =
        decision === 'accept' ? await acceptFile(tx, id, stamp, approve) : await returnFile(tx, id, stamp);
      for (const requestId of closed) await queueMail(send, { event: 'approval.decided', requestId });
      if (decision === 'return')
        await queueMail(send, { event: 'file.returned', fileId: id, at: now.toISOString() });
      await audit(tx, c, {
        action: decision === 'accept' ? 'file.accepted' : 'file.returned',
        record: { type: 'file', id },
        before: reviewAudit(row.file, row.run.approvedAt),
        after: reviewAudit({ ...row.file, ...written }, written.approvedAt),
      });
      return { refused: null, name: row.file.name };
    });
  } catch (error) {
    // The customer approved another file of the run at the same instant: theirs stands.
    if (!isUniqueViolation(error)) throw error;
    return fail(
      c,
      409,
      'Another file became the approved ad of this run at the same moment: reload to see which.',
    );
  }
  if (outcome.refused !== null) return fail(c, outcome.status, outcome.refused);
  const message =
    decision === 'accept'
      ? `${outcome.name} is accepted: the customer sees your note.`
      : `${outcome.name} is sent back: the customer is e-mailed your note.`;
  return ok(c, await viewOf(c, id, which), {}, message);
}

/** GET/POST /admin/files: the review queue, a file's bytes, accept with a note, send back. */
export const adminFileRoutes = new Hono<AppEnv>()
  .get('/', requireStaff('files.read'), query(filesQueueQuery), async (c) => {
    const { state, page } = c.req.valid('query');
    const now = c.var.clock();
    const scope = repScope(signedInStaff(c));
    const rows = (await newestFilesOfRuns(c.var.db, scope)).filter((row) => inQueue(row, state));
    const runs = await runsOfRecords(c.var.db, rows);
    // Runs that are over need no ad any more; the rest soonest due first.
    const queued = rows
      .flatMap((row) => {
        const run = runOfFile(row, runs.get(row.order.id) ?? []);
        return run && run.ends >= now ? [{ row, run }] : [];
      })
      .sort((a, b) => a.run.adDue.getTime() - b.run.adDue.getTime() || a.row.order.id - b.row.order.id);
    const total = queued.length;
    const shown = queued.slice((page - 1) * FILES_PER_PAGE, page * FILES_PER_PAGE);
    return ok(
      c,
      shown.map(({ row, run }) => queuedFileOf(row, run, now)),
      pageMeta(page, FILES_PER_PAGE, total),
    );
  })
  .get('/:id/download', requireStaff('files.read'), async (c) => {
    const id = fileIdParam(c, 'id');
    const row = id ? await reviewedFile(c.var.db, id) : null;
    if (!row || !(await staffMaySee(c, row.order.companyId))) return fail(c, 404, NOT_FOUND);
    if (row.file.status === 'uploading')
      return fail(c, 409, 'This file is still uploading: download it once it has arrived.');
    return storedFileResponse(await c.var.uploads(), row.file.id, row.file);
  })
  /*
   * Accept: the note (the customer sees it) and the review 'accepted', for a file whose checks warned
   * or failed. The file becomes the run's approved ad only when the run has none and the run's kept
   * ad-due day has not passed; otherwise 409 with the reason (a file approved already just takes the note).
   */
  .post('/:id/accept', requireStaff('files.review'), formBody(reviewBody), async (c) =>
    review(c, 'accept', c.req.valid('form').note, c.req.valid('form')),
  )
  .post('/:id/return', requireStaff('files.review'), formBody(reviewBody), async (c) =>
    review(c, 'return', c.req.valid('form').note, c.req.valid('form')),
  );
