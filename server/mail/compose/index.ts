import type { Jobs } from '../../jobs/queue';
import type { MailEvent } from '../events';
import type { MailDeps } from '../send';
import { brandOf } from '../templates/brand';
import { composeApprovalEvent } from './approvals';
import { composeBackOfficeEvent } from './backOffice';
import { composeCommentMentions } from './comments';
import { composeOrderCancelled, composeOrderPlaced } from './orders';
import { composePaymentEvent } from './payments';
import { composeTeamEvent } from './team';
import { writeComposed } from './write';

/** One run of a `mail.compose` job: the event's e-mails, rendered and written to the outbox. */
export async function composeEvent(
  deps: Omit<MailDeps, 'jobs'> & { jobs: Jobs },
  e: MailEvent,
): Promise<void> {
  const brand = brandOf(deps.config);
  switch (e.event) {
    case 'team.joined':
    case 'team.roleChanged':
    case 'team.removed':
    case 'email.changed':
      return writeComposed(deps, await composeTeamEvent(deps.db, brand, e));
    case 'order.placed':
      return writeComposed(deps, await composeOrderPlaced(deps.db, deps.config, e, deps.clock()));
    case 'order.cancelled':
      return writeComposed(deps, await composeOrderCancelled(deps.db, deps.config, e, deps.clock()));
    case 'payment.succeeded':
    case 'payment.failed':
      return writeComposed(deps, await composePaymentEvent(deps.db, deps.config, e, deps.clock()));
    // Issue 31, part 5
    case 'order.booked':
    case 'run.delivered':
    case 'file.returned':
    case 'design.proofReady':
      return writeComposed(deps, await composeBackOfficeEvent(deps.db, brand, e));
    case 'file.commented':
      return writeComposed(deps, await composeCommentMentions(deps.db, brand, e));
    // Issue 33
    case 'approval.requested':
    case 'approval.decided':
      return writeComposed(deps, await composeApprovalEvent(deps.db, brand, e));
  }
}
