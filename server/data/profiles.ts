import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, users } from '../db/schema';

/** What PATCH /me may change; the company's name is the whole team's. */
export interface ProfileChange {
  firstname?: string | undefined;
  lastname?: string | undefined;
  phone?: string | null | undefined;
  adReminders?: boolean | undefined;
  teamNews?: boolean | undefined;
  receiptCopies?: boolean | undefined;
  company?: string | undefined;
}

/** Writes the fields given (the others stay as they are), the person's and the company's together. */
export async function updateProfile(db: Db, user: { id: string; companyId: number }, change: ProfileChange) {
  const { company, ...own } = change;
  const mine = Object.fromEntries(Object.entries(own).filter(([, value]) => value !== undefined));
  await db.transaction(async (tx) => {
    if (Object.keys(mine).length > 0) await tx.update(users).set(mine).where(eq(users.id, user.id));
    if (company !== undefined)
      await tx.update(companies).set({ name: company }).where(eq(companies.id, user.companyId));
  });
}
