import type { MailKind } from './kinds';
import { renderMail } from './render';
import type { Brand } from './templates/brand';
import type { MailProps } from './templates/mailTemplate';

export { MAIL_KINDS, type MailKind } from './kinds';

/** A file sent with an e-mail (an invoice's or a receipt's PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** An e-mail as the outbox keeps it: its text part (`body`), its HTML part and the one link it carries. */
export interface Mail {
  to: string;
  kind: MailKind;
  subject: string;
  /** The text part. */
  body: string;
  /** The HTML part; null on rows written before e-mails had templates. */
  html: string | null;
  /** The link that matters (a reset, a sign-in), kept apart so a sent row can forget it. */
  link: string | null;
  /** `<event>:<kind>:<to>` for e-mails composed from an event: written once however often the job runs. */
  dedupeKey?: string | null;
  attachments?: MailAttachment[];
}

/** Renders a template into the e-mail the outbox keeps. */
export async function composeMail<K extends MailKind>(
  to: string,
  kind: K,
  props: MailProps[K],
  link: string | null,
  extra: Pick<Mail, 'dedupeKey' | 'attachments'> = {},
): Promise<Mail> {
  const rendered = await renderMail(kind, props);
  return { to, kind, subject: rendered.subject, body: rendered.text, html: rendered.html, link, ...extra };
}

interface Person {
  firstname: string;
}

/**
 * The API's e-mails, by what the callers know; the words are the templates' (server/mail/templates),
 * where every value a person typed goes through `mailText`.
 */
export const mails = {
  welcome: (to: string, brand: Brand, person: Person & { company: string }, link: string) =>
    composeMail(to, 'welcome', { brand, firstname: person.firstname, company: person.company, link }, link),

  passwordReset: (to: string, brand: Brand, person: Person, link: string) =>
    composeMail(to, 'password-reset', { brand, firstname: person.firstname, link }, link),

  signInLink: (to: string, brand: Brand, person: Person, link: string) =>
    composeMail(to, 'sign-in-link', { brand, firstname: person.firstname, link }, link),

  colleagueInvite: (
    to: string,
    brand: Brand,
    inviter: Person & { lastname: string; company: string },
    link: string,
  ) =>
    composeMail(
      to,
      'colleague-invite',
      { brand, inviter: inviter.firstname, company: inviter.company, link },
      link,
    ),

  /** Issue 31: an invitation to the back office, by an admin or from a shell (`inviter` null). */
  staffInvite: (to: string, brand: Brand, facts: Omit<MailProps['staff-invite'], 'brand'>) =>
    composeMail(to, 'staff-invite', { brand, ...facts }, facts.link),

  /**
   * A run of an order still has no approved ad, some days before it is due: what, when, and what the
   * checks of the latest file said (their own sentences), with the order's page.
   */
  adReminder: (
    to: string,
    brand: Brand,
    facts: Omit<MailProps['ad-reminder'], 'brand' | 'link' | 'placedBy'> & { placedBy?: string | null },
    link: string,
  ) => composeMail(to, 'ad-reminder', { brand, ...facts, placedBy: facts.placedBy ?? null, link }, link),

  /** To the new address: the change happens only when this link is followed. */
  emailChange: (to: string, brand: Brand, person: Person, link: string) =>
    composeMail(to, 'email-change', { brand, firstname: person.firstname, link }, link),

  /** To the old address: someone signed in asked to move the account, which has not happened yet. */
  emailChangeNotice: (to: string, brand: Brand, person: Person, newAddress: string) =>
    composeMail(to, 'email-change-notice', { brand, firstname: person.firstname, newAddress }, null),

  /** To the invoice's billing contact at 1, 7 and 30 days past due, while something is left to pay. */
  invoiceOverdue: (
    to: string,
    brand: Brand,
    facts: { name: string; invoice: string; due: string; daysPastDue: number; balance: string },
    link: string,
  ) => composeMail(to, 'invoice-overdue', { brand, ...facts, link }, link),
};
