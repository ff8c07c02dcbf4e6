import { and, eq, isNull } from 'drizzle-orm';
import { decidersOf, findListedRequest } from '../../data/approvalRequests';
import type { Db } from '../../db/client';
import { adFiles, approvalRequests, users } from '../../db/schema';
import { eventKey, type MailEvent } from '../events';
import { composeMail, type Mail } from '../messages';
import type { Brand } from '../templates/brand';
import { dedupeKeyOf } from './write';

type ApprovalEvent = Extract<MailEvent, { event: 'approval.requested' | 'approval.decided' }>;

/**
 * Issue 33: a member's request goes to the company's owner and admins; its decision (accepted,
 * declined, or closed because another file was approved; not their own withdrawal) to the member who
 * asked, while they are still in the company.
 */
export async function composeApprovalEvent(db: Db, brand: Brand, e: ApprovalEvent): Promise<Mail[]> {
  const [company] = await db
    .select({ companyId: adFiles.companyId })
    .from(approvalRequests)
    .innerJoin(adFiles, eq(adFiles.id, approvalRequests.fileId))
    .where(eq(approvalRequests.id, e.requestId));
  const listed = company && (await findListedRequest(db, company.companyId, e.requestId));
  if (!company || !listed) return [];
  const key = eventKey(e);
  const link = `${brand.url}/files`;
  const facts = {
    file: listed.fileName,
    order: listed.orderNumber,
    run: listed.runLabel ?? listed.request.runValue,
  };
  if (e.event === 'approval.requested') {
    // Decided or withdrawn before the e-mail was composed: nobody needs to act.
    if (listed.request.decidedAt) return [];
    const readers = await decidersOf(db, company.companyId);
    return Promise.all(
      readers.map((reader) =>
        composeMail(
          reader.email,
          'approval-requested',
          { brand, firstname: reader.firstname, asker: listed.askedBy ?? '', ...facts, link },
          null,
          { dedupeKey: dedupeKeyOf(key, 'approval-requested', reader.email) },
        ),
      ),
    );
  }
  const { decision, requestedBy, decidedBy } = listed.request;
  // The asker is told what someone else decided, never what they did themselves (their own approval
  // with the company's setting turned off, their own withdrawal).
  if (!decision || !requestedBy || decidedBy === requestedBy) return [];
  const [asker] = await db
    .select({ email: users.email, firstname: users.firstname })
    .from(users)
    .where(and(eq(users.id, requestedBy), isNull(users.removedAt)));
  if (!asker) return [];
  return [
    await composeMail(
      asker.email,
      'approval-decided',
      {
        brand,
        firstname: asker.firstname,
        decision,
        // No decider: production's review closed it (the back office is not a person of the company).
        by: listed.decidedByName ?? (decidedBy ? '' : 'our production team'),
        ...facts,
        reason: listed.request.reason ?? '',
        link,
      },
      null,
      { dedupeKey: dedupeKeyOf(key, 'approval-decided', asker.email) },
    ),
  ];
}
