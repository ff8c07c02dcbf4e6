import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, users } from '../db/schema';

/** A company's standing PO: the number, who set it (null once their account is gone) and when. */
export interface StandingPoRecord {
  number: string;
  setBy: { name: string } | null;
  setAt: Date;
}

/** The company's standing PO, or null when each checkout takes its own. */
export async function standingPoOf(db: Db, companyId: number): Promise<StandingPoRecord | null> {
  const [row] = await db
    .select({
      number: companies.standingPo,
      setAt: companies.standingPoAt,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(companies)
    .leftJoin(users, eq(users.id, companies.standingPoBy))
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row?.number || !row.setAt) return null;
  const name = row.firstname === null ? null : `${row.firstname} ${row.lastname ?? ''}`.trim();
  return { number: row.number, setBy: name === null ? null : { name }, setAt: row.setAt };
}

/** Sets the company's standing PO, or removes it (`number` null), as done by `userId` at `at`. */
export async function setStandingPo(
  db: Db,
  change: { companyId: number; number: string | null; userId: string; at: Date },
): Promise<void> {
  await db
    .update(companies)
    .set({ standingPo: change.number, standingPoBy: change.userId, standingPoAt: change.at })
    .where(eq(companies.id, change.companyId));
}
