/** Every e-mail the product sends; each has a template in server/mail/templates. */
export const MAIL_KINDS = [
  'password-reset',
  'colleague-invite',
  'sign-in-link',
  'welcome',
  'ad-reminder',
  'email-change',
  'email-change-notice',
  'invoice-overdue',
  'email-changed',
  'order-placed',
  'order-cancelled',
  'invoice-issued',
  'payment-receipt',
  'payment-failed',
  'colleague-joined',
  'role-changed',
  'removed',
  // Issue 31, part 5: what the back office's actions tell the customer.
  'booking-confirmed',
  'run-delivered',
  'file-returned',
  'design-proof-ready',
  // Issue 31, part 1.
  'staff-invite',
  // Issue 33, part 3: someone named in a comment on a file.
  'comment-mention',
  // Issue 33: approvals that need an admin.
  'approval-requested',
  'approval-decided',
] as const;

export type MailKind = (typeof MAIL_KINDS)[number];
