import type { SendInTransaction } from '../jobs/queue';

/**
 * STAND-IN of issue 30's Part 5 (the merge replaces this file): the e-mails a change of state asks
 * for, composed later by the `mail.compose` job. Until that job exists this queues nothing.
 */
export type MailEvent =
  | { event: 'order.placed'; cartUuid: string }
  | { event: 'order.cancelled'; orderId: number }
  | { event: 'payment.succeeded'; paymentId: number }
  | { event: 'payment.failed'; paymentId: number }
  | { event: 'team.joined'; userId: string }
  | { event: 'team.roleChanged'; userId: string; byUserId: string }
  | { event: 'team.removed'; userId: string; byUserId: string }
  | { event: 'email.changed'; userId: string; oldEmail: string };

export async function queueMail(_send: SendInTransaction, _e: MailEvent): Promise<string | null> {
  return null;
}
