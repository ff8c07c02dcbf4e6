import { type Context, Hono } from 'hono';
import { declineBody } from '../../contract/adFiles';
import { approvalRequestIdParam, approvalRequestsQuery } from '../../contract/approvalRequests';
import { can } from '../../contract/roles';
import { listRequests } from '../data/approvalRequests';
import type { AppEnv } from '../env';
import { acceptRequest, declineRequest, withdrawRequest } from '../files/approvalDecisions';
import type { DecideOutcome } from '../files/approvals';
import { listedRequestView } from '../files/approvalViews';
import { requireUser, signedInUser } from '../http/auth';
import { fail, ok } from '../http/envelope';
import { formBody, params, query } from '../http/validators';

const idParam = params({ id: approvalRequestIdParam });

/** The answer of a decision: its sentence, or the refusal's. */
const answer = (
  c: Context<AppEnv>,
  outcome: DecideOutcome,
  said: (fileName: string, run: string) => string,
) =>
  outcome.kind === 'refused'
    ? fail(c, outcome.status, outcome.message)
    : ok(c, null, {}, said(outcome.fileName, outcome.runLabel));

const who = (c: Context<AppEnv>) => {
  const { account } = signedInUser(c);
  return { companyId: account.companyId, userId: account.id, role: account.role };
};

const deps = (c: Context<AppEnv>) => ({ db: c.var.db, jobs: c.var.jobs });

/**
 * Issue 33: members' requests that a file be approved (made by POST /files/{id}/approve while the
 * company's approvals need an admin). The owner and admins list the company's and accept or decline
 * them; a member lists and withdraws their own. Another company's request is unknown (404).
 */
export const approvalRequestRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', query(approvalRequestsQuery), async (c) => {
    const { state } = c.req.valid('query');
    const { account } = signedInUser(c);
    const rows = await listRequests(c.var.db, account.companyId, {
      open: state === 'open',
      requestedBy: can(account.role, 'decideApprovals') ? undefined : account.id,
    });
    return ok(c, { requests: rows.map((row) => listedRequestView(row, account.id)) });
  })
  .post('/:id/accept', idParam, async (c) => {
    const outcome = await acceptRequest(deps(c), who(c), c.req.valid('param').id, c.var.clock());
    return answer(c, outcome, (file, run) => `${file} is the approved ad of ${run}.`);
  })
  .post('/:id/decline', idParam, formBody(declineBody), async (c) => {
    const { reason } = c.req.valid('form');
    const outcome = await declineRequest(deps(c), who(c), c.req.valid('param').id, reason, c.var.clock());
    return answer(c, outcome, (file) => `The request for ${file} is declined; they are told why.`);
  })
  .delete('/:id', idParam, async (c) => {
    const outcome = await withdrawRequest(deps(c), who(c), c.req.valid('param').id, c.var.clock());
    return answer(c, outcome, (file) => `Your request for ${file} is withdrawn.`);
  });
