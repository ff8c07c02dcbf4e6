import { mailText, subjectLine } from './text';

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
] as const;

export type MailKind = (typeof MAIL_KINDS)[number];

/** An e-mail as the API writes it: plain text and one link; the HTML part is made from these. */
export interface Mail {
  to: string;
  kind: MailKind;
  subject: string;
  body: string;
  link: string | null;
}

interface Person {
  firstname: string;
}

/**
 * The API's e-mails. Every value a person typed goes through `mailText` (one line, nothing invisible,
 * no link); the product name is configuration.
 */
export const mails = {
  welcome: (to: string, product: string, person: Person & { company: string }, link: string): Mail => ({
    to,
    kind: 'welcome',
    subject: subjectLine(`Welcome to ${product}`),
    body: `Hi ${mailText(person.firstname, 'there')}, your ${product} account for ${mailText(person.company, 'your company')} is ready.`,
    link,
  }),

  passwordReset: (to: string, product: string, person: Person, link: string): Mail => ({
    to,
    kind: 'password-reset',
    subject: subjectLine(`Reset your ${product} password`),
    body: `Hi ${mailText(person.firstname, 'there')}, open this link to choose a new password. It works once, for an hour. If you did not ask for it, ignore this e-mail.`,
    link,
  }),

  signInLink: (to: string, product: string, person: Person, link: string): Mail => ({
    to,
    kind: 'sign-in-link',
    subject: subjectLine(`Your ${product} sign-in link`),
    body: `Hi ${mailText(person.firstname, 'there')}, open this link to sign in. It works once, for two days.`,
    link,
  }),

  colleagueInvite: (
    to: string,
    product: string,
    inviter: Person & { lastname: string; company: string },
    link: string,
  ): Mail => {
    const first = mailText(inviter.firstname, 'A colleague');
    const company = mailText(inviter.company, 'their company');
    return {
      to,
      kind: 'colleague-invite',
      // A fixed subject: what people typed (names, a company) goes in the body, where it is escaped
      // and shown as what it is, never in the line a phishing mail would use to look official.
      subject: subjectLine(`You are invited to join your team on ${product}`),
      body: `${first} invited you to buy advertising with ${company} on ${product}. Open the link to create your account; it works for 14 days.`,
      link,
    };
  },

  /**
   * A run of an order still has no approved ad, some days before it is due: what, when, and what the
   * checks of the latest file said (their own sentences), with the order's page.
   */
  adReminder: (
    to: string,
    product: string,
    facts: {
      firstname: string;
      /** Who placed the order, when they have left the team and the reminder goes to its managers. */
      placedBy?: string | null;
      placement: string;
      run: string;
      order: string;
      due: string;
      daysLeft: number;
      latest: { name: string; status: string; problems: string[] } | null;
    },
    link: string,
  ): Mail => {
    const when = facts.daysLeft === 1 ? 'tomorrow' : `in ${facts.daysLeft} days, on ${facts.due}`;
    const latest = facts.latest
      ? facts.latest.problems.length > 0
        ? `Your latest file, ${mailText(facts.latest.name, 'your file')}, needs attention: ${facts.latest.problems.join(' ')}`
        : facts.latest.status === 'passed'
          ? `Your latest file, ${mailText(facts.latest.name, 'your file')}, passed its checks: approve it on the order's page.`
          : `Your latest file, ${mailText(facts.latest.name, 'your file')}, is still being checked.`
      : 'No file has been sent for it yet.';
    const placedBy = facts.placedBy
      ? `, placed by ${mailText(facts.placedBy, 'a former colleague')}, who has left your team`
      : '';
    return {
      to,
      kind: 'ad-reminder',
      subject: subjectLine(`Your ad for ${facts.placement} is due ${when}`),
      body: `Hi ${mailText(facts.firstname, 'there')}, the ad for ${facts.placement}, ${facts.run} (order ${facts.order}${placedBy}), is due ${when}. ${latest} Open the order on ${product} to send or approve it.`,
      link,
    };
  },

  /** To the new address: the change happens only when this link is followed. */
  emailChange: (to: string, product: string, person: Person, link: string): Mail => ({
    to,
    kind: 'email-change',
    subject: subjectLine(`Confirm your new ${product} e-mail address`),
    body: `Hi ${mailText(person.firstname, 'there')}, open this link to sign in to ${product} with this address from now on. It works once, for 24 hours. If you did not ask for it, ignore this e-mail: nothing changes.`,
    link,
  }),

  /**
   * To the old address: someone signed in asked to move the account, which has not happened yet. The
   * new address is shown as it is (the route took only a valid e-mail address): `mailText` would hide
   * it, as it hides any address in a name, and the owner needs to see where the account would go.
   */
  emailChangeNotice: (to: string, product: string, person: Person, newAddress: string): Mail => ({
    to,
    kind: 'email-change-notice',
    subject: subjectLine(`Your ${product} e-mail address is about to change`),
    body: `Hi ${mailText(person.firstname, 'there')}, your ${product} account asked to sign in with ${newAddress} instead of this one. Nothing changes until the link sent there is opened. If this was not you, change your password now: it ends every other sign-in.`,
    link: null,
  }),

  /** To the invoice's billing contact, once, the day it is overdue with something left to pay. */
  invoiceOverdue: (
    to: string,
    product: string,
    facts: { name: string; invoice: string; due: string; balance: string },
    link: string,
  ): Mail => ({
    to,
    kind: 'invoice-overdue',
    subject: subjectLine(`Invoice ${facts.invoice} is overdue`),
    body: `Hi ${mailText(facts.name, 'there')}, invoice ${facts.invoice} from ${product} was due on ${facts.due} and ${facts.balance} is still to be paid. The invoice says how to pay; if you have paid already, thank you and ignore this e-mail.`,
    link,
  }),
};
