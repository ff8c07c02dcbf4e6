import type { SendInTransaction } from '../jobs/queue';
import type { MailEvent } from './mailEvent';

export type { MailEvent } from './mailEvent';

/** The event's identity: the same event queued or composed twice still makes one e-mail per person. */
export function eventKey(e: MailEvent): string {
  switch (e.event) {
    case 'order.placed':
      return `order.placed:${e.cartUuid}`;
    case 'order.cancelled':
      return `order.cancelled:${e.orderId}`;
    case 'payment.succeeded':
    case 'payment.failed':
      return `${e.event}:${e.paymentId}`;
    case 'team.joined':
      return `team.joined:${e.userId}`;
    case 'team.removed':
      return `team.removed:${e.userId}`;
    case 'team.roleChanged':
    case 'email.changed':
      return `${e.event}:${e.userId}:${e.at}`;
    // A booking or a return can happen again (another reference, another file): `at` keeps each.
    case 'order.booked':
      return `order.booked:${e.orderId}:${e.at}`;
    case 'run.delivered':
      return `run.delivered:${e.proofId}`;
    case 'file.returned':
      return `file.returned:${e.fileId}:${e.at}`;
    case 'design.proofReady':
      return `design.proofReady:${e.proofId}`;
    case 'file.commented':
      return `file.commented:${e.commentId}`;
    case 'approval.requested':
    case 'approval.decided':
      return `${e.event}:${e.requestId}`;
  }
}

/** Queues the composing of an event's e-mails, in the caller's transaction. */
export const queueMail = (send: SendInTransaction, e: MailEvent) =>
  send('mail.compose', e, { singletonKey: eventKey(e) });
