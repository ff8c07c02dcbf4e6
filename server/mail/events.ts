import type { SendInTransaction } from '../jobs/queue';

/**
 * What happened that someone should be told by e-mail. Writers queue the event in their own
 * transaction; the `mail.compose` job reads the database, picks the recipients and renders the
 * e-mails (server/mail/compose), never in a request or a locking transaction.
 */
export type MailEvent =
  | { event: 'order.placed'; cartUuid: string }
  | { event: 'order.cancelled'; orderId: number }
  | { event: 'payment.succeeded'; paymentId: number }
  | { event: 'payment.failed'; paymentId: number }
  | { event: 'team.joined'; userId: string }
  // A role or an address changes more than once: `at` (the change's time) keeps each its own e-mail.
  | { event: 'team.roleChanged'; userId: string; byUserId: string; at: string }
  | { event: 'team.removed'; userId: string; byUserId: string }
  | { event: 'email.changed'; userId: string; oldEmail: string; at: string };

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
  }
}

/** Queues the composing of an event's e-mails, in the caller's transaction. */
export const queueMail = (send: SendInTransaction, e: MailEvent) =>
  send('mail.compose', e, { singletonKey: eventKey(e) });
