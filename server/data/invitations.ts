import { and, eq, gt, isNull } from 'drizzle-orm';
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
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    })
    .returning({ uuid: colleagueInvites.uuid });
  if (!row) throw new Error('The invitation was not stored.');
  return row.uuid;
}

export type InviteLookup =
  | {
      status: 'valid';
      companyId: number;
      company: string;
      email: string;
      firstname: string | null;
      lastname: string | null;
    }
  | { status: 'invalid' | 'expired' | 'accepted' };

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
    })
    .from(colleagueInvites)
    .innerJoin(companies, eq(companies.id, colleagueInvites.companyId))
    .where(eq(colleagueInvites.uuid, uuid))
    .limit(1);
  if (!row || row.coid !== coid) return { status: 'invalid' };
  if (row.acceptedAt) return { status: 'accepted' };
  if (row.expiresAt <= now) return { status: 'expired' };
  return {
    status: 'valid',
    companyId: row.companyId,
    company: row.company,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
  };
}

export async function acceptInvite(db: Db, uuid: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(colleagueInvites)
    .set({ acceptedAt: now })
    .where(and(eq(colleagueInvites.uuid, uuid), isNull(colleagueInvites.acceptedAt)))
    .returning({ uuid: colleagueInvites.uuid });
  return rows.length === 1;
}

export async function teamOf(db: Db, companyId: number, now: Date) {
  const members = await db
    .select({ uuid: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(users.firstname, users.lastname);
  const invites = await db
    .select({
      uuid: colleagueInvites.uuid,
      email: colleagueInvites.email,
      createdAt: colleagueInvites.createdAt,
    })
    .from(colleagueInvites)
    .where(
      and(
        eq(colleagueInvites.companyId, companyId),
        isNull(colleagueInvites.acceptedAt),
        gt(colleagueInvites.expiresAt, now),
      ),
    )
    .orderBy(colleagueInvites.createdAt);
  return { members, invites };
}
