import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { AssignableRole } from '../../contract/roles';
import type { Db } from '../db/client';
import { colleagueInvites, companies, users } from '../db/schema';

export async function createInvite(
  db: Db,
  input: {
    companyId: number;
    email: string;
    firstname?: string | undefined;
    lastname?: string | undefined;
    invitedBy: string;
    role: AssignableRole;
  },
  now: Date,
  ttlMs: number,
) {
  const [row] = await db
    .insert(colleagueInvites)
    .values({
      companyId: input.companyId,
      email: input.email,
      firstname: input.firstname || null,
      lastname: input.lastname || null,
      invitedBy: input.invitedBy,
      role: input.role,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    })
    .returning({ uuid: colleagueInvites.uuid, id: colleagueInvites.publicId });
  if (!row) throw new Error('The invitation was not stored.');
  return row;
}

export type InviteLookup =
  | {
      status: 'valid';
      companyId: number;
      company: string;
      email: string;
      firstname: string | null;
      lastname: string | null;
      role: AssignableRole;
    }
  | { status: 'invalid' | 'expired' | 'accepted' | 'cancelled' };

export async function findInvite(db: Db, uuid: string, coid: string, now: Date): Promise<InviteLookup> {
  const [row] = await db
    .select({
      companyId: colleagueInvites.companyId,
      company: companies.name,
      coid: companies.coid,
      email: colleagueInvites.email,
      firstname: colleagueInvites.firstname,
      lastname: colleagueInvites.lastname,
      expiresAt: colleagueInvites.expiresAt,
      acceptedAt: colleagueInvites.acceptedAt,
      cancelledAt: colleagueInvites.cancelledAt,
      role: colleagueInvites.role,
    })
    .from(colleagueInvites)
    .innerJoin(companies, eq(companies.id, colleagueInvites.companyId))
    .where(eq(colleagueInvites.uuid, uuid))
    .limit(1);
  if (!row || row.coid !== coid) return { status: 'invalid' };
  if (row.acceptedAt) return { status: 'accepted' };
  if (row.cancelledAt) return { status: 'cancelled' };
  if (row.expiresAt <= now) return { status: 'expired' };
  return {
    status: 'valid',
    companyId: row.companyId,
    company: row.company,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    // An owner is made by a transfer only; a row that says otherwise joins as an admin.
    role: row.role === 'member' ? 'member' : 'admin',
  };
}

export async function acceptInvite(db: Db, uuid: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(colleagueInvites)
    .set({ acceptedAt: now })
    .where(
      and(
        eq(colleagueInvites.uuid, uuid),
        isNull(colleagueInvites.acceptedAt),
        isNull(colleagueInvites.cancelledAt),
      ),
    )
    .returning({ uuid: colleagueInvites.uuid });
  return rows.length === 1;
}

/** The open invitations of a company (neither accepted, cancelled nor expired), oldest first. */
const openInvite = (companyId: number, now: Date) =>
  and(
    eq(colleagueInvites.companyId, companyId),
    isNull(colleagueInvites.acceptedAt),
    isNull(colleagueInvites.cancelledAt),
    gt(colleagueInvites.expiresAt, now),
  );

export async function teamOf(db: Db, companyId: number, now: Date) {
  const members = await db
    .select({
      uuid: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      avatar: users.avatar,
      role: users.role,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNull(users.removedAt)))
    .orderBy(users.firstname, users.lastname, users.id);
  const former = await db
    .select({
      uuid: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      removedAt: users.removedAt,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNotNull(users.removedAt)))
    .orderBy(desc(users.removedAt), users.id);
  const invites = await db
    .select({
      id: colleagueInvites.publicId,
      email: colleagueInvites.email,
      role: colleagueInvites.role,
      createdAt: colleagueInvites.createdAt,
      expiresAt: colleagueInvites.expiresAt,
    })
    .from(colleagueInvites)
    .where(openInvite(companyId, now))
    .orderBy(colleagueInvites.createdAt);
  return { members, invites, former };
}

/** An open invitation of the company by its public id, with the secret its link carries. */
export async function findOpenInvite(db: Db, companyId: number, id: string, now: Date) {
  const [row] = await db
    .select({
      uuid: colleagueInvites.uuid,
      email: colleagueInvites.email,
      firstname: colleagueInvites.firstname,
      lastname: colleagueInvites.lastname,
    })
    .from(colleagueInvites)
    .where(and(openInvite(companyId, now), eq(colleagueInvites.publicId, id)))
    .limit(1);
  return row ?? null;
}

/** Cancels an open invitation: its link stops working. Whether there was one to cancel. */
export async function cancelInvite(db: Db, companyId: number, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(colleagueInvites)
    .set({ cancelledAt: now })
    .where(and(openInvite(companyId, now), eq(colleagueInvites.publicId, id)))
    .returning({ id: colleagueInvites.publicId });
  return rows.length === 1;
}

/**
 * Cancels the open invitations a person sent (they are being removed): an invitation gives access on
 * its sender's word, which no longer counts. How many were cancelled.
 */
export async function cancelInvitesSentBy(db: Db, companyId: number, sender: string, now: Date) {
  const rows = await db
    .update(colleagueInvites)
    .set({ cancelledAt: now })
    .where(and(openInvite(companyId, now), eq(colleagueInvites.invitedBy, sender)))
    .returning({ id: colleagueInvites.publicId });
  return rows.length;
}

/** Gives an open invitation a new lifetime from now, for the e-mail sent again. */
export async function renewInvite(db: Db, companyId: number, id: string, now: Date, ttlMs: number) {
  const rows = await db
    .update(colleagueInvites)
    .set({ resentAt: now, expiresAt: new Date(now.getTime() + ttlMs) })
    .where(and(openInvite(companyId, now), eq(colleagueInvites.publicId, id)))
    .returning({ id: colleagueInvites.publicId });
  return rows.length === 1;
}

/** Whether the company already has an open invitation to this address. */
export async function hasOpenInvite(db: Db, companyId: number, email: string, now: Date) {
  const [row] = await db
    .select({ id: colleagueInvites.publicId })
    .from(colleagueInvites)
    .where(and(openInvite(companyId, now), eq(colleagueInvites.email, email)))
    .limit(1);
  return Boolean(row);
}
