import { z } from 'zod';
import { email, newPassword, yesNo } from './auth';

/**
 * The back office's people (issue 31), apart from customers: `admin` does everything, `production`
 * works orders, ad files and proofs, `rep` reads (and, in part 2, works their own customers).
 */
export const STAFF_ROLES = ['admin', 'production', 'rep'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Who may do what; the route table (staffRoutes.ts) names one permission per admin route. */
export const STAFF_PERMISSIONS = {
  signedIn: ['admin', 'production', 'rep'],
  'catalogue.read': ['admin', 'production', 'rep'],
  'catalogue.edit': ['admin'],
  'orders.read': ['admin', 'production', 'rep'],
  /** Booking, proofs of delivery, notes, cancelling for the customer. */
  'orders.fulfil': ['admin', 'production'],
  'files.read': ['admin', 'production', 'rep'],
  'files.review': ['admin', 'production'],
  'design.proofs': ['admin', 'production'],
  'audit.read': ['admin'],
  'staff.manage': ['admin'],
  // Issue 32. A rep sees and works only the companies attributed to them (server/admin/repScope.ts).
  'customers.read': ['admin', 'production', 'rep'],
  /** Resending a person's invitation, disabling and re-enabling people. */
  'customers.manage': ['admin', 'rep'],
  /** A company's payment terms, credit limit and rep. */
  'customers.terms': ['admin'],
  /** Recording payments, issuing and applying credits. */
  'money.manage': ['admin'],
  'receivables.read': ['admin', 'rep'],
  'reports.read': ['admin', 'rep'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

/** How each role reads as a label (the staff page) and in a sentence (the invitation e-mail). */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin',
  production: 'Production',
  rep: 'Rep',
};
export const STAFF_ROLE_PHRASES: Record<StaffRole, string> = {
  admin: 'an admin',
  production: 'production staff',
  rep: 'a rep',
};

export const staffCan = (role: StaffRole, permission: StaffPermission): boolean =>
  (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);

const staffRole = z.enum(STAFF_ROLES, { error: `Choose a role: ${STAFF_ROLES.join(', ')}.` });
const token = z.string({ error: 'The link is not complete.' }).min(1, 'The link is not complete.').max(200);
const name = z
  .string({ error: 'Enter your name.' })
  .trim()
  .min(1, 'Enter your name.')
  .max(100, 'Keep your name under 100 characters.');

/** A staff member's name when none is given: the e-mail's local part (`dana` for dana@ads.example). */
export const nameOfEmail = (address: string): string => address.slice(0, address.indexOf('@')) || address;

/**
 * POST /admin/setup: the first admin, from the link printed at the first start. The body is
 * {token, email, password}: the name is optional (the back office's form asks for it).
 */
export const setupBody = z.object({ token, email, name: name.optional(), password: newPassword });
export type SetupBody = z.input<typeof setupBody>;

/** GET /admin/join?token=: what an invitation is for. */
export const joinQuery = z.object({ token });
/** POST /admin/join: an invited person chooses a password. */
export const joinBody = z.object({ token, name: name.optional(), password: newPassword });
export type JoinBody = z.input<typeof joinBody>;
export const invitationView = z.object({ email: z.string(), role: staffRole, expires_at: z.string() });
export type InvitationView = z.infer<typeof invitationView>;

/** Answered once, by setup and join: the authenticator app's secret as an otpauth URI. */
export const enrolment = z.object({ otpauth: z.string().startsWith('otpauth://totp/') });
export type Enrolment = z.infer<typeof enrolment>;

/** POST /admin/login. */
export const staffLoginBody = z.object({
  email,
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(128),
  code: z
    .string({ error: 'Enter the code from your authenticator app.' })
    .trim()
    .regex(/^\d{6}$/, 'The code is the 6 digits your authenticator app shows.'),
});
export type StaffLoginBody = z.input<typeof staffLoginBody>;

export const staffMember = z.object({ id: z.string(), email: z.string(), name: z.string(), role: staffRole });
export type StaffMember = z.infer<typeof staffMember>;

/** The answer of a sign-in: one token for STAFF_SESSION_HOURS (8), never extended. */
export const staffSession = z.object({ token: z.string(), expires_at: z.string(), staff: staffMember });
export type StaffSession = z.infer<typeof staffSession>;

/** POST /admin/staff/invites. */
export const staffInviteBody = z.object({ email, role: staffRole });
export type StaffInviteBody = z.input<typeof staffInviteBody>;

/**
 * Issue 32: a rep's code as it appears in links (`?rep=jsmith`): letters, digits, `_.-`, at most 40,
 * as the storefront reads it (src/lib/repCode.ts); kept lower-cased, so it matches in any case. An
 * empty one is none.
 */
const repCode = z
  .string({ error: 'A rep code is letters, digits, _ . or -, up to 40.' })
  .trim()
  .transform((code) => code.toLowerCase())
  .pipe(
    z
      .string()
      .regex(
        /^([a-z0-9][a-z0-9_.-]{0,39})?$/,
        'A rep code is letters, digits, _ . or -, up to 40, starting with a letter or digit.',
      ),
  )
  .transform((code) => code || null)
  .nullable();

/** PATCH /admin/staff/{id}: a role, disabling (every session of theirs ends at once), a rep's code. */
export const staffPatchBody = z.object({
  role: staffRole.optional(),
  disabled: yesNo.optional(),
  rep_code: repCode.optional(),
});
export type StaffPatchBody = z.input<typeof staffPatchBody>;

export const staffList = z.array(
  staffMember.extend({
    enrolled: z.boolean(),
    disabled: z.boolean(),
    created_at: z.string(),
    /** Issue 32: the code a rep's links carry; null for anyone else or a rep without one. */
    rep_code: z.string().nullable(),
  }),
);
export type StaffList = z.infer<typeof staffList>;
