import type { ReactElement } from 'react';
import type { MailKind } from '../kinds';
import { AdReminder, type AdReminderProps, dueIn } from './AdReminder';
import { ApprovalDecided, type ApprovalDecidedProps, approvalDecidedSubject } from './ApprovalDecided';
import { ApprovalRequested, type ApprovalRequestedProps } from './ApprovalRequested';
import { BookingConfirmed, type BookingConfirmedProps } from './BookingConfirmed';
import type { Brand } from './brand';
import { ColleagueInvite, type ColleagueInviteProps } from './ColleagueInvite';
import { ColleagueJoined, type ColleagueJoinedProps } from './ColleagueJoined';
import { CommentMention, type CommentMentionProps } from './CommentMention';
import { DesignProofReady, type DesignProofReadyProps } from './DesignProofReady';
import { EmailChange, type EmailChangeProps } from './EmailChange';
import { EmailChanged, type EmailChangedProps } from './EmailChanged';
import { EmailChangeNotice, type EmailChangeNoticeProps } from './EmailChangeNotice';
import { FileReturned, type FileReturnedProps } from './FileReturned';
import { InvoiceIssued, type InvoiceIssuedProps } from './InvoiceIssued';
import { InvoiceOverdue, type InvoiceOverdueProps } from './InvoiceOverdue';
import { OrderCancelled, type OrderCancelledProps } from './OrderCancelled';
import { OrderPlaced, type OrderPlacedProps } from './OrderPlaced';
import { PasswordReset, type PasswordResetProps } from './PasswordReset';
import { PaymentFailed, type PaymentFailedProps } from './PaymentFailed';
import { PaymentReceipt, type PaymentReceiptProps } from './PaymentReceipt';
import { Removed, type RemovedProps } from './Removed';
import { RoleChanged, type RoleChangedProps } from './RoleChanged';
import { RunDelivered, type RunDeliveredProps } from './RunDelivered';
import { SignInLink, type SignInLinkProps } from './SignInLink';
import { StaffInvite, type StaffInviteProps } from './StaffInvite';
import { Welcome, type WelcomeProps } from './Welcome';

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

const link = (brand: Brand, path: string) => `${brand.url}${path}`;

/** The order the back office's samples are about, with its page. */
const sampleOrder = (brand: Brand) => ({
  brand,
  firstname: 'Dana',
  order: 'AD-00-000123',
  placement: 'Full page, City Weekly',
  link: link(brand, '/orders/AD-00-000123'),
});

/** Every e-mail's template: a kind without one does not compile. */
export const templates: { [K in MailKind]: MailTemplate<MailProps[K]> } = {
  welcome: {
    component: Welcome,
    subject: (p) => `Welcome to ${p.brand.product}`,
    essential: true,
    sample: (brand) => ({ brand, firstname: 'Dana', company: 'Northwind Bakery', link: link(brand, '/') }),
  },
  'password-reset': {
    component: PasswordReset,
    subject: (p) => `Reset your ${p.brand.product} password`,
    essential: true,
    sample: (brand) => ({ brand, firstname: 'Dana', link: link(brand, '/reset-password?token=sample') }),
  },
  'sign-in-link': {
    component: SignInLink,
    subject: (p) => `Your ${p.brand.product} sign-in link`,
    essential: true,
    sample: (brand) => ({ brand, firstname: 'Dana', link: link(brand, '/sign-in/code?token=sample') }),
  },
  'colleague-invite': {
    component: ColleagueInvite,
    // A fixed subject: what people typed goes in the body, never in the line a phishing mail would use.
    subject: (p) => `You are invited to join your team on ${p.brand.product}`,
    essential: true,
    sample: (brand) => ({
      brand,
      inviter: 'Dana Whitfield',
      company: 'Northwind Bakery',
      link: link(brand, '/colleague?token=sample'),
    }),
  },
  'email-change': {
    component: EmailChange,
    subject: (p) => `Confirm your new ${p.brand.product} e-mail address`,
    essential: true,
    sample: (brand) => ({ brand, firstname: 'Dana', link: link(brand, '/email/confirm?token=sample') }),
  },
  'email-change-notice': {
    component: EmailChangeNotice,
    subject: (p) => `Your ${p.brand.product} e-mail address is about to change`,
    essential: true,
    sample: (brand) => ({ brand, firstname: 'Dana', newAddress: 'dana@northwind.example' }),
  },
  'email-changed': {
    component: EmailChanged,
    subject: (p) => `Your ${p.brand.product} e-mail address has changed`,
    essential: true,
    sample: (brand) => ({ brand, firstname: 'Dana', newAddress: 'dana@northwind.example' }),
  },
  'ad-reminder': {
    component: AdReminder,
    subject: (p) => `Your ad for ${p.placement} is due ${dueIn(p)}`,
    essential: false,
    preference: 'ad_reminders',
    sample: (brand) => ({
      brand,
      firstname: 'Dana',
      placedBy: null,
      placement: 'Full page, City Weekly',
      run: 'week of March 2',
      order: 'AD-00-000123',
      due: 'February 20',
      daysLeft: 3,
      latest: {
        name: 'spring.pdf',
        status: 'failed',
        problems: ['The page is 8 by 10 inches; it must be 8.5 by 11.'],
      },
      link: link(brand, '/orders/AD-00-000123'),
    }),
  },
  'invoice-overdue': {
    component: InvoiceOverdue,
    subject: (p) => `Invoice ${p.invoice} is overdue`,
    essential: true,
    sample: (brand) => ({
      brand,
      name: 'Dana Whitfield',
      invoice: 'INV-00-000045',
      due: 'March 1',
      daysPastDue: 7,
      balance: '$1,240.00',
      link: link(brand, '/billing'),
    }),
  },
  'order-placed': {
    component: OrderPlaced,
    subject: (p) =>
      p.orders.length === 1
        ? `Order ${p.orders[0]?.number} is placed`
        : `${p.orders.length} orders are placed`,
    essential: true,
    sample: (brand) => ({
      brand,
      firstname: 'Dana',
      invoice: 'INV-00-000045',
      total: '$1,240.00',
      orders: [
        {
          number: 'AD-00-000123',
          placement: 'Full page',
          market: 'City Weekly, Springfield',
          specs: '/specs/print-full-page',
          runs: [
            { run: 'Week of March 2', adDue: 'February 20' },
            { run: 'Week of March 9', adDue: 'February 27' },
          ],
        },
      ],
    }),
  },
  'order-cancelled': {
    component: OrderCancelled,
    subject: (p) => `Order ${p.order} is cancelled`,
    essential: true,
    sample: (brand) => ({
      brand,
      firstname: 'Dana',
      order: 'AD-00-000123',
      placement: 'Full page, City Weekly',
      by: null,
      reason: null,
      byOurTeam: false,
      refund: '$620.00',
    }),
  },
  'invoice-issued': {
    component: InvoiceIssued,
    attachments: ['INV-….pdf, the invoice'],
    subject: (p) => `Invoice ${p.invoice} from ${p.brand.product}`,
    essential: true,
    sample: (brand) => ({
      brand,
      name: 'Dana Whitfield',
      invoice: 'INV-00-000045',
      total: '$1,240.00',
      due: 'March 31',
      link: link(brand, '/billing'),
    }),
  },
  'payment-receipt': {
    component: PaymentReceipt,
    attachments: ['Receipt INV-….pdf, the receipt'],
    subject: (p) => `Receipt for invoice ${p.invoice}`,
    essential: true,
    preference: 'receipt_copies',
    sample: (brand) => ({
      brand,
      name: 'Dana Whitfield',
      invoice: 'INV-00-000045',
      amount: '$1,240.00',
      card: 'Visa •••• 4242',
      at: 'March 3',
      copy: false,
    }),
  },
  'payment-failed': {
    component: PaymentFailed,
    subject: (p) => `Payment for invoice ${p.invoice} did not go through`,
    essential: true,
    sample: (brand) => ({
      brand,
      name: 'Dana Whitfield',
      invoice: 'INV-00-000045',
      amount: '$1,240.00',
      card: 'Visa •••• 0341',
      message: 'Your card was declined.',
      nextAttempt: 'March 6',
      link: link(brand, '/billing'),
    }),
  },
  'colleague-joined': {
    component: ColleagueJoined,
    subject: () => 'A colleague joined your team',
    essential: false,
    preference: 'team_news',
    sample: (brand) => ({ brand, firstname: 'Dana', colleague: 'Sam Okafor', link: link(brand, '/team') }),
  },
  'role-changed': {
    component: RoleChanged,
    subject: (p) => `Your role on ${p.brand.product} has changed`,
    essential: true,
    sample: (brand) => ({ brand, firstname: 'Sam', by: 'Dana Whitfield', role: 'an admin' }),
  },
  removed: {
    component: Removed,
    subject: (p) => `You were removed from your team on ${p.brand.product}`,
    essential: true,
    sample: (brand) => ({ brand, firstname: 'Sam', by: 'Dana Whitfield', company: 'Northwind Bakery' }),
  },
  // Issue 31, part 1.
  'staff-invite': {
    component: StaffInvite,
    // A fixed subject, as the colleague invite's: nothing a person typed goes in it.
    subject: (p) => `You are invited to the ${p.brand.product} back office`,
    essential: true,
    sample: (brand) => ({
      brand,
      inviter: 'Dana Whitfield',
      role: 'production staff',
      link: link(brand, '/admin/join?token=sample'),
      expires: 'Monday, January 18',
    }),
  },
  // Issue 31, part 5: the back office's actions, told to the customer.
  'booking-confirmed': {
    component: BookingConfirmed,
    subject: (p) => `Order ${p.order} is booked with the publisher`,
    essential: true,
    sample: (brand) => ({
      ...sampleOrder(brand),
      reference: 'CW-2027-0318',
      runs: ['March 2027 issue', 'April 2027 issue'],
    }),
  },
  'run-delivered': {
    component: RunDelivered,
    subject: (p) => `Your ad ran: ${p.run} of order ${p.order}`,
    essential: true,
    sample: (brand) => ({
      ...sampleOrder(brand),
      run: 'March 2027 issue',
      delivered: 'Wednesday, March 31',
      proof: 'tear-sheet',
      details: null,
    }),
  },
  'file-returned': {
    component: FileReturned,
    // The order's number only: the file's name and the note are what people typed.
    subject: (p) => `Please send a new ad file for order ${p.order}`,
    essential: true,
    sample: (brand) => ({
      ...sampleOrder(brand),
      file: 'spring-sale.pdf',
      run: 'March 2027 issue',
      note: 'The logo is a low-resolution screenshot: please send it as a vector file or at 300 dpi.',
      due: 'Friday, January 29',
    }),
  },
  'design-proof-ready': {
    component: DesignProofReady,
    subject: (p) => `Proof ${p.number} of your ad for order ${p.order} is ready`,
    essential: true,
    sample: (brand) => ({
      ...sampleOrder(brand),
      placement: 'Ad design: magazine full page',
      number: 2,
      note: 'The offer is bigger and the photo brighter, as you asked.',
    }),
  },
  'comment-mention': {
    component: CommentMention,
    // A fixed subject: the commenter's name and words are what people typed, kept to the body.
    subject: (p) => `You were mentioned in a comment on ${p.brand.product}`,
    essential: true,
    sample: (brand) => ({
      brand,
      firstname: 'Sam',
      commenter: 'Dana Whitfield',
      file: 'spring-sale.pdf',
      comment: 'Can you check the logo on page 2? It looks blurred at print size.',
      link: link(brand, '/files/0b6f4c1e-2d3a-4f5b-8c9d-0e1f2a3b4c5d'),
    }),
  },
  // Issue 33: the file's name and the reason are what people typed: kept out of the subjects.
  'approval-requested': {
    component: ApprovalRequested,
    subject: (p) => `An ad file for order ${p.order} waits for your approval`,
    essential: true,
    sample: (brand) => ({
      brand,
      firstname: 'Dana',
      asker: 'Ben Okafor',
      file: 'spring-sale.pdf',
      order: 'AD-00-000123',
      run: 'March 2027 issue',
      link: link(brand, '/files'),
    }),
  },
  'approval-decided': {
    component: ApprovalDecided,
    subject: approvalDecidedSubject,
    essential: true,
    sample: (brand) => ({
      brand,
      firstname: 'Ben',
      decision: 'declined',
      by: 'Dana Whitfield',
      file: 'spring-sale.pdf',
      order: 'AD-00-000123',
      run: 'March 2027 issue',
      reason: 'The phone number is last year’s: please use 555-0134.',
      link: link(brand, '/files'),
    }),
  },
};
