import { and, asc, desc, eq, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import { balanceSql, invoiceStatusSql, orderSumsOf } from '../billing/status';
import type { Db } from '../db/client';
import { escapeLike } from '../db/like';
import {
  adFiles,
  auditLog,
  authTokens,
  cartItems,
  colleagueInvites,
  companies,
  companyCredits,
  creditApplications,
  fileRuns,
  invoices,
  media,
  orders,
  staff,
  users,
} from '../db/schema';
import { instant } from '../orders/status';

/** The back office's reads of customers (issue 32, part 1): companies, their people, money and files. */

export type CompanyRecord = typeof companies.$inferSelect;

/** How many rows each list of a company's page shows: the newest. */
export const COMPANY_PAGE_ROWS = 50;

/** A company by its coid within `scope` (a rep's companies), or null: another rep's is as unknown as none. */
export async function companyByCoid(
  db: Db,
  coid: string,
  scope: SQL | undefined,
  lock = false,
): Promise<CompanyRecord | null> {
  const query = db
    .select()
    .from(companies)
    .where(and(eq(companies.coid, coid), scope))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

const peopleCount = sql<number>`(select count(*)::int from ${users} where ${users.companyId} = ${companies.id} and ${users.removedAt} is null)`;
const orderCount = sql<number>`(select count(*)::int from ${orders} where ${orders.companyId} = ${companies.id})`;

/** A page of companies matching `q` (name, a person's name or e-mail, the coid), by name. */
export async function companiesPage(
  db: Db,
  query: { q?: string | undefined; page: number },
  scope: SQL | undefined,
  perPage: number,
) {
  const q = query.q?.trim();
  const pattern = q ? `%${escapeLike(q)}%` : null;
  const where = and(
    scope,
    pattern
      ? or(
          sql`${companies.name} ilike ${pattern}`,
          sql`${companies.coid}::text ilike ${pattern}`,
          sql`exists (select 1 from ${users} where ${users.companyId} = ${companies.id}
            and (${users.email} ilike ${pattern} or (${users.firstname} || ' ' || ${users.lastname}) ilike ${pattern}))`,
        )
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        company: companies,
        people: peopleCount,
        orders: orderCount,
        repName: staff.name,
      })
      .from(companies)
      .leftJoin(staff, eq(staff.id, companies.repStaffId))
      .where(where)
      .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id))
      .limit(perPage)
      .offset((query.page - 1) * perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(companies).where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** The company's people, former members too, with the start of their latest sign-in. */
export async function peopleOf(db: Db, companyId: number) {
  // A sign-in's first refresh token has no parent: its creation is when the sign-in began.
  // Named in full: a select from one table writes its columns unqualified, and both tables have `id`.
  const lastSignIn = sql<Date | null>`(select max(t.created_at) from ${authTokens} t
    where t.user_id = "users"."id" and t.kind = 'refresh' and t.parent_id is null)`;
  const rows = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      role: users.role,
      removedAt: users.removedAt,
      disabledAt: users.disabledAt,
      lastSignIn: lastSignIn.mapWith((value: string | Date | null) => (value ? new Date(value) : null)),
    })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(sql`${users.removedAt} is not null`, users.firstname, users.lastname, users.id);
  return rows;
}

/** One person of the company (former members too), or null. */
export async function personOf(db: Db, companyId: number, id: string, lock = false) {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

export async function setPersonDisabled(db: Db, id: string, disabledAt: Date | null): Promise<void> {
  await db.update(users).set({ disabledAt }).where(eq(users.id, id));
}

/** The company's open invitations (not accepted, not cancelled, not expired). */
export async function openInvitationsOf(db: Db, companyId: number, now: Date) {
  return db
    .select({
      id: colleagueInvites.publicId,
      uuid: colleagueInvites.uuid,
      email: colleagueInvites.email,
      role: colleagueInvites.role,
      invitedBy: colleagueInvites.invitedBy,
      createdAt: colleagueInvites.createdAt,
      expiresAt: colleagueInvites.expiresAt,
    })
    .from(colleagueInvites)
    .where(
      and(
        eq(colleagueInvites.companyId, companyId),
        isNull(colleagueInvites.acceptedAt),
        isNull(colleagueInvites.cancelledAt),
        sql`${colleagueInvites.expiresAt} > ${instant(now)}`,
      ),
    )
    .orderBy(asc(colleagueInvites.createdAt));
}

/** The company's newest orders, with what was bought. */
export async function recentOrdersOf(db: Db, companyId: number) {
  return db
    .select({
      number: orders.number,
      name: media.name,
      mediacode: cartItems.mediacode,
      placedAt: orders.placedAt,
      totalCents: orders.totalCents,
      cancelledAt: orders.cancelledAt,
      startsAt: orders.startsAt,
      endsAt: orders.endsAt,
    })
    .from(orders)
    .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
    .leftJoin(media, eq(media.mediacode, cartItems.mediacode))
    .where(eq(orders.companyId, companyId))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(COMPANY_PAGE_ROWS);
}

/** The company's newest invoices with their balance and status by the shared rules (billing/status.ts). */
export async function recentInvoicesOf(db: Db, companyId: number, now: Date) {
  const sums = orderSumsOf(db);
  return db
    .select({
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      dueAt: invoices.dueAt,
      totalCents: sums.total,
      balanceCents: balanceSql(sums),
      status: invoiceStatusSql(sums, now),
    })
    .from(invoices)
    .innerJoinLateral(sums, sql`true`)
    .where(and(eq(invoices.companyId, companyId), like(invoices.number, 'INV-%')))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(COMPANY_PAGE_ROWS);
}

/** The company's credits, newest first, with what each has left (its amount less its applications). */
export async function creditsOf(db: Db, companyId: number) {
  const applied = sql<number>`coalesce((select sum(${creditApplications.amountCents}) from ${creditApplications}
    where ${creditApplications.creditId} = ${companyCredits.id}), 0)::int`;
  return db
    .select({
      id: companyCredits.id,
      createdAt: companyCredits.createdAt,
      reason: companyCredits.reason,
      source: companyCredits.source,
      amountCents: companyCredits.amountCents,
      appliedCents: applied,
    })
    .from(companyCredits)
    .where(eq(companyCredits.companyId, companyId))
    .orderBy(desc(companyCredits.createdAt), desc(companyCredits.id));
}

/** A file's id named in full: a query on one table alone names its columns without it. */
const thisFile = sql.raw('"ad_files"."id"');

/** The ad files the company sent, newest first, with their order (none for a file kept in its library). */
export async function filesOf(db: Db, companyId: number) {
  return db
    .select({
      id: adFiles.id,
      name: adFiles.name,
      status: adFiles.status,
      review: adFiles.review,
      // Issue 33: a file may serve several runs: the latest approval, and the first run it was sent for.
      approvedAt:
        sql<Date | null>`(select max(${fileRuns.approvedAt}) from ${fileRuns} where ${fileRuns.fileId} = ${thisFile})`.mapWith(
          fileRuns.approvedAt,
        ),
      order: sql<
        string | null
      >`(select ${orders.number} from ${fileRuns} join ${orders} on ${orders.id} = ${fileRuns.orderId} where ${fileRuns.fileId} = ${thisFile} order by ${fileRuns.attachedAt} limit 1)`,
      run: sql<
        string | null
      >`(select ${fileRuns.runValue} from ${fileRuns} where ${fileRuns.fileId} = ${thisFile} order by ${fileRuns.attachedAt} limit 1)`,
      createdAt: adFiles.createdAt,
      uploadedAt: adFiles.uploadedAt,
    })
    .from(adFiles)
    .where(eq(adFiles.companyId, companyId))
    .orderBy(desc(adFiles.createdAt))
    .limit(COMPANY_PAGE_ROWS);
}

/** Audit entries about the company: itself (its coid) and its people, payments and credits (`<coid>/…`). */
export async function auditAbout(db: Db, coid: string) {
  return db
    .select()
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.recordType, 'company'), eq(auditLog.recordId, coid)),
        and(
          inArray(auditLog.recordType, ['person', 'payment', 'credit']),
          like(auditLog.recordId, `${escapeLike(coid)}/%`),
        ),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(COMPANY_PAGE_ROWS);
}

/** Enabled reps, by name: whom an admin may attribute a company to. */
export async function enabledReps(db: Db) {
  return db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.role, 'rep'), isNull(staff.disabledAt)))
    .orderBy(asc(staff.name), asc(staff.id));
}

/** A staff member's name by id, or null. */
export async function staffName(db: Db, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, id)).limit(1);
  return row?.name ?? null;
}

/** Sets a company's terms, credit limit and rep. */
export async function updateCompany(
  db: Db,
  id: number,
  change: Partial<Pick<CompanyRecord, 'paymentTerms' | 'creditLimitCents' | 'repStaffId'>>,
): Promise<CompanyRecord> {
  const [row] = await db.update(companies).set(change).where(eq(companies.id, id)).returning();
  if (!row) throw new Error('The company was not updated.');
  return row;
}
