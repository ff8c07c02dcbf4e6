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
  | { event: 'email.changed'; userId: string; oldEmail: string; at: string }
  // Issue 31: the back office's actions the customer hears of.
  | { event: 'order.booked'; orderId: number; at: string }
  | { event: 'run.delivered'; orderId: number; run: string; proofId: string }
  | { event: 'file.returned'; fileId: string; at: string }
  | { event: 'design.proofReady'; proofId: string }
  // Issue 33: a comment on a file that names people of the company.
  | { event: 'file.commented'; commentId: string }
  // Issue 33: a member's request that a file be approved, and its decision.
  | { event: 'approval.requested'; requestId: number }
  | { event: 'approval.decided'; requestId: number };
