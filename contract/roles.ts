/**
 * Roles in a company's team and what each may do (the README's permission table). Plain values, no
 * validation library: the dashboard's first bundle reads them to hide what a person may not use.
 */
export const ROLES = ['owner', 'admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

/** The roles an invitation or a role change may give: there is one owner, made only by a transfer. */
export const ASSIGNABLE_ROLES = ['admin', 'member'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

const PERMISSIONS = {
  /** Invoices, the billing contact, the Billing page. */
  billing: ['owner', 'admin'],
  /** Invite, cancel and resend invitations, change roles, remove people. */
  manageTeam: ['owner', 'admin'],
  /** Rename the company. */
  renameCompany: ['owner', 'admin'],
  /** Make someone else the owner. */
  transferOwnership: ['owner'],
  // Issue 30, part 4 (saved card).
  /** Save or remove the company's card, turn automatic payment on or off. */
  paymentSettings: ['owner', 'admin'],
  /** Let members pay invoices. */
  membersMayPay: ['owner'],
  // Issue 33 (artwork a team reviews).
  /** Turn "approvals need an admin" on or off. */
  approvalSetting: ['owner', 'admin'],
  /** With approvals needing an admin: approve an ad at once, and accept or decline members' requests. */
  decideApprovals: ['owner', 'admin'],
  // Issue 34 (saved every-door areas): anyone may save and use them, and change the ones they saved.
  /** Rename, change or delete any saved every-door area of the company, not only one's own. */
  manageEddmAreas: ['owner', 'admin'],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

/** Whether a role may do something; an unknown role (an older session's data) may do nothing special. */
export const can = (role: Role | null | undefined, permission: Permission): boolean =>
  role != null && (PERMISSIONS[permission] as readonly Role[]).includes(role);

// Issue 30, part 3 (paying invoices) from here.
/**
 * Whether a role may read and pay the company's invoices: billing may, and a member may once the
 * owner lets members pay (`members_may_pay`). Not static like `can`: it reads the company's choice.
 */
export const canPayInvoices = (role: Role | null | undefined, membersMayPay: boolean): boolean =>
  can(role, 'billing') || (role === 'member' && membersMayPay);

/**
 * Whether the signed-in person sees invoices (the Billing link, the invoice list and pages), from their
 * user data: the server's `may_pay_invoices`, or their role where an older server does not say.
 */
export const maySeeInvoices = (
  user: { role?: Role | null; may_pay_invoices?: boolean | undefined } | null | undefined,
): boolean => user?.may_pay_invoices ?? can(user?.role, 'billing');
