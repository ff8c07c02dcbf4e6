/**
 * What a template is (its props, subject, switch and sample) and the props of every e-mail: the types
 * each family of templates and the index share, in a file of their own so neither imports the other.
 */
import type { ReactElement } from 'react';
import type { AdReminderProps } from './AdReminder';
import type { ApprovalDecidedProps } from './ApprovalDecided';
import type { ApprovalRequestedProps } from './ApprovalRequested';
import type { BookingConfirmedProps } from './BookingConfirmed';
import type { Brand } from './brand';
import type { ColleagueInviteProps } from './ColleagueInvite';
import type { ColleagueJoinedProps } from './ColleagueJoined';
import type { CommentMentionProps } from './CommentMention';
import type { DesignProofReadyProps } from './DesignProofReady';
import type { EmailChangeProps } from './EmailChange';
import type { EmailChangedProps } from './EmailChanged';
import type { EmailChangeNoticeProps } from './EmailChangeNotice';
import type { FileReturnedProps } from './FileReturned';
import type { InvoiceIssuedProps } from './InvoiceIssued';
import type { InvoiceOverdueProps } from './InvoiceOverdue';
import type { OrderCancelledProps } from './OrderCancelled';
import type { OrderPlacedProps } from './OrderPlaced';
import type { PasswordResetProps } from './PasswordReset';
import type { PaymentFailedProps } from './PaymentFailed';
import type { PaymentReceiptProps } from './PaymentReceipt';
import type { RemovedProps } from './Removed';
import type { RoleChangedProps } from './RoleChanged';
import type { RunDeliveredProps } from './RunDelivered';
import type { SignInLinkProps } from './SignInLink';
import type { StaffInviteProps } from './StaffInvite';
import type { WelcomeProps } from './Welcome';

/** The props of each e-mail's template. */
export interface MailProps {
  welcome: WelcomeProps;
  'password-reset': PasswordResetProps;
  'sign-in-link': SignInLinkProps;
  'colleague-invite': ColleagueInviteProps;
  'email-change': EmailChangeProps;
  'email-change-notice': EmailChangeNoticeProps;
  'email-changed': EmailChangedProps;
  'ad-reminder': AdReminderProps;
  'invoice-overdue': InvoiceOverdueProps;
  'order-placed': OrderPlacedProps;
  'order-cancelled': OrderCancelledProps;
  'invoice-issued': InvoiceIssuedProps;
  'payment-receipt': PaymentReceiptProps;
  'payment-failed': PaymentFailedProps;
  'colleague-joined': ColleagueJoinedProps;
  'role-changed': RoleChangedProps;
  removed: RemovedProps;
  // Issue 31, part 5
  'booking-confirmed': BookingConfirmedProps;
  'run-delivered': RunDeliveredProps;
  'file-returned': FileReturnedProps;
  'design-proof-ready': DesignProofReadyProps;
  // Issue 31, part 1.
  'staff-invite': StaffInviteProps;
  // Issue 33, part 3.
  'comment-mention': CommentMentionProps;
  // Issue 33
  'approval-requested': ApprovalRequestedProps;
  'approval-decided': ApprovalDecidedProps;
}

/** A person's switch that turns an e-mail off (users' columns); absent on e-mails that are always sent. */
export type MailPreference = 'ad_reminders' | 'team_news' | 'receipt_copies';

export interface MailTemplate<P> {
  component: (props: P) => ReactElement;
  /** The subject; `subjectLine` makes it one line when the e-mail is rendered. */
  subject: (props: P) => string;
  essential: boolean;
  preference?: MailPreference;
  /** The files the e-mail carries, described for /dev/emails ("INV-….pdf, the invoice"). */
  attachments?: string[];
  /** Props that show the template in /dev/emails and in the template tests. */
  sample: (brand: Brand) => P;
}

/** The templates of some kinds of e-mail, each typed with its kind's props. */
export type MailTemplates<K extends keyof MailProps> = { [Q in K]: MailTemplate<MailProps[Q]> };

/** An address on the product's site, for the links of the samples. */
export const link = (brand: Brand, path: string) => `${brand.url}${path}`;
