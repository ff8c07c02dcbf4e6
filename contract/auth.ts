import { z } from 'zod';
import { containsDomain, containsLink } from './links';
import { ASSIGNABLE_ROLES, ROLES } from './roles';

const role = z.enum(ROLES);
const assignableRole = z.enum(ASSIGNABLE_ROLES, {
  error: 'Choose Admin or Member: the owner is made only by handing the company over.',
});

const trimmed = (max: number, what: string) =>
  z
    .string({ error: `Enter your ${what}.` })
    .trim()
    .min(1, `Enter your ${what}.`)
    .max(max, `Keep your ${what} under ${max} characters.`);

export const email = z
  .string({ error: 'Enter your e-mail address.' })
  .trim()
  .min(1, 'Enter your e-mail address.')
  .max(254, 'That e-mail address is too long.')
  .pipe(z.email('Enter an e-mail address like name@company.com.'))
  .transform((value) => value.toLowerCase());

/** NIST 800-63B: length over composition rules; at least 10 characters, at most 128. */
export const newPassword = z
  .string({ error: 'Choose a password.' })
  .min(10, 'Use at least 10 characters.')
  .max(128, 'Use at most 128 characters.');

/** Sign-in checks the password as typed; length rules belong to choosing one. */
const password = z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(128);

/**
 * What is not text: control characters (line breaks, tabs, NUL), and invisible marks that hide or
 * reorder what a reader sees (zero-width spaces, bidirectional overrides).
 */
const NOT_TEXT = /[\p{Cc}\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u2028\u2029\uFEFF\u061C]/u;

/** NUL is left out: the server refuses it in every field with a 400 of its own (it cannot be stored). */
export const containsNonText = (value: string) => NOT_TEXT.test(value.replaceAll('\u0000', ''));

/**
 * A person's or company's name: it is shown to other people, in e-mails (an invitation's subject
 * names the inviter and the company), so it carries no links and nothing invisible.
 */
const displayName = <T extends z.ZodType<string | undefined>>(schema: T, what: string) =>
  schema
    .refine((value) => value === undefined || !containsNonText(value), {
      message: `Keep the ${what} on one line, without invisible characters.`,
    })
    .refine((value) => value === undefined || !containsLink(value), {
      message: `Write the ${what} without a link or web address ("Booking", not "Booking.com"): e-mails would make it a link.`,
    });

const name = (what: string) =>
  displayName(trimmed(80, what), what).refine((value) => value === undefined || !containsDomain(value), {
    message: `Write the ${what} without a web address ("Dana Reyes", not "Dana.Reyes"): it is shown in e-mails.`,
  });

/** SPEC section 3, Registration: email, password, firstname, lastname, company, optional source and rep_name. */
export const registerBody = z.object({
  email,
  password: newPassword,
  firstname: name('first name'),
  lastname: name('last name'),
  company: displayName(trimmed(120, 'company name'), 'company name'),
  source: z.string().trim().max(120).optional(),
  rep_name: z.string().trim().max(80).optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({ email, password });
export type LoginBody = z.input<typeof loginBody>;

export const emailBody = z.object({ email });

/** SPEC section 3, Password reset: tok, resetcode, password, password_confirmation. */
export const resetVerifyQuery = z.object({
  tok: z
    .string({ error: 'This reset link is incomplete.' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'This reset link is not valid.'),
  resetcode: z
    .string({ error: 'This reset link is incomplete.' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'This reset link is not valid.'),
});

export const resetPasswordBody = resetVerifyQuery
  .extend({ password: newPassword, password_confirmation: z.string({ error: 'Type the password again.' }) })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The two passwords are not the same.',
  });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** SPEC section 3, Colleague: uuid, coid, firstname, lastname, email, password. */
export const colleagueValidateBody = z.object({
  uuid: z.uuid('This invitation link is not valid.'),
  coid: z.uuid('This invitation link is not valid.'),
});
export const colleagueCreateBody = colleagueValidateBody.extend({
  firstname: name('first name'),
  lastname: name('last name'),
  email,
  password: newPassword,
});
export type ColleagueCreateBody = z.input<typeof colleagueCreateBody>;

/** Changing the password while signed in: the current one proves it is really the customer. */
export const changePasswordBody = z
  .object({
    current_password: z
      .string({ error: 'Enter your current password.' })
      .min(1, 'Enter your current password.')
      .max(128),
    password: newPassword,
    password_confirmation: z.string({ error: 'Type the new password again.' }),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The two passwords are not the same.',
  });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const inviteBody = z.object({
  email,
  role: assignableRole.default('member'),
  firstname: displayName(
    z.string().trim().max(80, 'Keep the first name under 80 characters.').optional(),
    'first name',
  ),
  lastname: displayName(
    z.string().trim().max(80, 'Keep the last name under 80 characters.').optional(),
    'last name',
  ),
});
export type InviteBody = z.input<typeof inviteBody>;

/** POST /team/members/{uuid}/role. */
export const roleBody = z.object({ role: assignableRole });
export type RoleBody = z.input<typeof roleBody>;

/** POST /team/owner: the teammate who becomes the owner (the owner becomes an admin). */
export const ownerBody = z.object({ uuid: z.uuid('Choose a person of your team.') });

/** `GET /login/create` carries the page's query string: hydrate=1 and the one-time code from the e-mail. */
export const createSessionQuery = z.object({
  hydrate: z.literal('1', { error: 'A sign-in link needs hydrate=1.' }),
  code: z
    .string({ error: 'This sign-in link is incomplete.' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'This sign-in link is not valid.'),
});

export const meQuery = z.object({ cart: z.uuid('The cart id is not valid.').optional() });

/** SPEC section 3, User data: uuid, token, fullname, company, avatar, email, cart_uuid. */
export const userData = z.object({
  uuid: z.string(),
  token: z.string(),
  fullname: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  company: z.string(),
  avatar: z.string().nullable(),
  email: z.string(),
  cart_uuid: z.string().nullable(),
  /** Beyond SPEC's fields: the profile page's phone and reminder choice, and the role in the team. */
  phone: z.string().nullable(),
  ad_reminders: z.boolean(),
  /** Whether the owner hears by e-mail when someone joins the team. */
  team_news: z.boolean(),
  /** Whether a payer gets a copy of the receipt the billing contact gets. */
  receipt_copies: z.boolean(),
  role: z.enum(ROLES),
  /**
   * Whether the person may see and pay the company's invoices: the owner and admins, and members
   * once the owner lets members pay (issue 30). Absent from an older server: the role decides.
   */
  may_pay_invoices: z.boolean().optional(),
  /**
   * Whether this is the person's first visit: the sign-in their account was made with, on its first
   * day (a colleague who has just joined too). Pages greet "Welcome", and "Welcome back" after.
   */
  first_visit: z.boolean().optional(),
});
export type UserData = z.infer<typeof userData>;

/** A phone number as people write it: digits with ( ) + - . and spaces. */
export const phoneNumber = z
  .string()
  .trim()
  .regex(/^[0-9()+\-.\s]{7,20}$/, 'Enter a phone number like (312) 555-0100.')
  .refine((value) => (value.match(/\d/g)?.length ?? 0) >= 7, 'A phone number has at least 7 digits.');

/** A yes or no from JSON (true) or a form ("true", "on", "false"). */
export const yesNo = z.preprocess(
  (value) => (value === 'true' || value === 'on' ? true : value === 'false' ? false : value),
  z.boolean({ error: 'Answer yes or no.' }),
);

/**
 * PATCH /me: the fields to change, under registration's rules. An empty phone removes it; the company's
 * name is the whole team's, so only its owner and admins change it (the API says so with a 403).
 */
export const profileBody = z
  .object({
    firstname: name('first name').optional(),
    lastname: name('last name').optional(),
    company: displayName(trimmed(120, 'company name'), 'company name').optional(),
    phone: z.union([z.literal('').transform(() => null), phoneNumber]).optional(),
    ad_reminders: yesNo.optional(),
    team_news: yesNo.optional(),
    receipt_copies: yesNo.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message:
      'Send at least one field to change: firstname, lastname, company, phone, ad_reminders, team_news or receipt_copies.',
  });
export type ProfileBody = z.input<typeof profileBody>;

/** POST /me/email: the new sign-in address, confirmed by the current password. */
export const emailChangeBody = z.object({
  email,
  current_password: z
    .string({ error: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(128),
});
export type EmailChangeBody = z.input<typeof emailChangeBody>;

/** POST /me/email/confirm: the code of the link e-mailed to the new address. */
export const emailConfirmBody = z.object({
  code: z
    .string({ error: 'This confirmation link is incomplete.' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'This confirmation link is not valid.'),
});

export const colleagueInvite = z.object({
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  company: z.string(),
});
export type ColleagueInvite = z.infer<typeof colleagueInvite>;

/**
 * GET /team: the people of the company with their roles, the open invitations, the former members,
 * and your own role.
 */
export const teamAnswer = z.object({
  members: z.array(
    z.object({
      uuid: z.string(),
      fullname: z.string(),
      email: z.string(),
      avatar: z.string().nullable(),
      role,
      you: z.boolean(),
    }),
  ),
  invites: z.array(
    z.object({
      /** The id to cancel or resend it by (not the secret of its link). */
      id: z.string(),
      email: z.string(),
      role,
      created_at: z.string(),
      expires_at: z.string(),
    }),
  ),
  /** People removed from the company, most recent first: their names stay on what they did. */
  former: z
    .array(z.object({ uuid: z.string(), fullname: z.string(), email: z.string(), removed_at: z.string() }))
    .default([]),
  your_role: role,
  /** Issue 33: whether a member's approval of an ad is a request the owner or an admin decides. */
  approvals_need_admin: z.boolean().default(false),
});
export type TeamAnswer = z.infer<typeof teamAnswer>;

/**
 * GET /dev/outbox (development): the e-mails sent or kept, newest first, to one address or to all.
 * `key` is the server's outbox key (printed at start-up); it can come as the X-Outbox-Key header too.
 */
export const outboxQuery = z.object({
  key: z.string().max(200).optional(),
  to: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const outboxMessage = z.object({
  id: z.number(),
  to: z.string(),
  kind: z.string(),
  subject: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  /** The HTML part (null on rows from before templates); /dev/outbox/{id}.html shows it. */
  html: z.string().nullable(),
  /** Its files, each at /dev/outbox/{id}/attachments/{attachment id}. */
  attachments: z.array(z.object({ id: z.number(), filename: z.string(), content_type: z.string() })),
  /** `kept` in the outbox (no SMTP server), or `sending`, `sent`, `failed` through SMTP_URL. */
  status: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

/** GET /dev/emails: every e-mail the product sends, rendered from its sample (development only). */
export const emailSample = z.object({
  kind: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** Always sent; else `preference` names the switch on the profile that turns it off. */
  essential: z.boolean(),
  preference: z.string().nullable(),
  /** The files the real e-mail carries (an invoice's or a receipt's PDF), by name. */
  attachments: z.array(z.string()),
});
export type EmailSample = z.infer<typeof emailSample>;
