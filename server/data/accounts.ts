import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { UserData } from '../../contract/auth';
import type { PaymentTerms } from '../../contract/paymentTerms';
import { type AssignableRole, canPayInvoices } from '../../contract/roles';
import type { Db } from '../db/client';
import { companies, staff, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export interface Account extends UserRow {
  companyName: string;
  coid: string;
  /** The owner lets members read and pay the company's invoices (issue 30). */
  membersMayPay: boolean;
}

const accountColumns = {
  id: users.id,
  companyId: users.companyId,
  email: users.email,
  passwordHash: users.passwordHash,
  firstname: users.firstname,
  lastname: users.lastname,
  avatar: users.avatar,
  phone: users.phone,
  adReminders: users.adReminders,
  teamNews: users.teamNews,
  receiptCopies: users.receiptCopies,
  role: users.role,
  source: users.source,
  repName: users.repName,
  cartUuid: users.cartUuid,
  createdAt: users.createdAt,
  removedAt: users.removedAt,
  disabledAt: users.disabledAt,
  companyName: companies.name,
  coid: companies.coid,
  membersMayPay: companies.membersMayPay,
};

/** The SPEC's user data for an account, with the token the caller signs in with. */
export const toUserData = (account: Account, token: string, firstVisit: boolean): UserData => ({
  uuid: account.id,
  token,
  fullname: `${account.firstname} ${account.lastname}`,
  firstname: account.firstname,
  lastname: account.lastname,
  company: account.companyName,
  avatar: account.avatar,
  email: account.email,
  cart_uuid: account.cartUuid,
  phone: account.phone,
  ad_reminders: account.adReminders,
  team_news: account.teamNews,
  receipt_copies: account.receiptCopies,
  role: account.role,
  may_pay_invoices: canPayInvoices(account.role, account.membersMayPay),
  first_visit: firstVisit,
});

/** An account that may sign in; a former member of a company (removed from it) is not found. */
export async function findAccount(db: Db, by: { id: string } | { email: string }): Promise<Account | null> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and('id' in by ? eq(users.id, by.id) : eq(users.email, by.email), isNull(users.removedAt)))
    .limit(1);
  return row ?? null;
}

/** The latest former member who signed in with an address: what their sign-in is told. */
export async function findFormerAccount(db: Db, email: string): Promise<Account | null> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.email, email), isNotNull(users.removedAt)))
    .orderBy(desc(users.removedAt))
    .limit(1);
  return row ?? null;
}

export async function createAccount(
  db: Db,
  input: {
    email: string;
    passwordHash: string;
    firstname: string;
    lastname: string;
    /**
     * A new company (whose first account owns it), with its terms and the rep code the visitor carried
     * (issue 32), or the company of an invitation, with its role (joining changes nothing of it).
     */
    company:
      | { name: string; terms?: NewCompanyTerms; repCode?: string | undefined }
      | { id: number; role: AssignableRole };
    source?: string | undefined;
    repName?: string | undefined;
    /** The app's clock, not the database's: an account's age (the survey's offer) follows test clocks too. */
    createdAt: Date;
  },
): Promise<Account> {
  const id = await db.transaction(async (tx) => {
    const companyId = 'id' in input.company ? input.company.id : await insertCompany(tx, input.company);
    if (companyId === undefined) throw new Error('The company was not created.');
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash: input.passwordHash,
        firstname: input.firstname,
        lastname: input.lastname,
        companyId,
        role: 'id' in input.company ? input.company.role : 'owner',
        source: input.source ?? null,
        repName: input.repName ?? null,
        createdAt: input.createdAt,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('The account was not created.');
    return user.id;
  });
  const account = await findAccount(db, { id });
  if (!account) throw new Error('The new account could not be read back.');
  return account;
}

/** The terms a new company starts on: the operator's DEFAULT_PAYMENT_TERMS. */
export interface NewCompanyTerms {
  paymentTerms: PaymentTerms;
  creditLimitCents: number | null;
}

/**
 * A new company: its terms, and the rep code the registering visitor carried, kept as it came, with
 * the enabled rep whose code it is (any case), else none.
 */
async function insertCompany(
  tx: Db,
  company: { name: string; terms?: NewCompanyTerms; repCode?: string | undefined },
): Promise<number | undefined> {
  const repCode = company.repCode?.trim() || null;
  const [rep] = repCode
    ? await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.repCode, repCode.toLowerCase()), isNull(staff.disabledAt)))
        .limit(1)
    : [];
  const [row] = await tx
    .insert(companies)
    .values({
      name: company.name,
      ...(company.terms
        ? { paymentTerms: company.terms.paymentTerms, creditLimitCents: company.terms.creditLimitCents }
        : {}),
      repCode,
      repStaffId: rep?.id ?? null,
    })
    .returning({ id: companies.id });
  return row?.id;
}

export async function setPassword(db: Db, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}
