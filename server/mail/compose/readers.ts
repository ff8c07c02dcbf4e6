import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export interface Reader {
  email: string;
  firstname: string;
}

interface OrderOfCompany {
  userId: string | null;
  companyId: number;
}

/** A person still in their company (null: nobody, an account since deleted, or someone who left). */
async function memberOf(db: Db, userId: string | null): Promise<Reader | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ email: users.email, firstname: users.firstname })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.removedAt)));
  return row ?? null;
}

/**
 * Who hears what happens to an order: the person who placed it; once they have left the company (or
 * for an order whose buyer is unknown), its owner, who now looks after its orders.
 */
export async function customersOf(db: Db, order: OrderOfCompany): Promise<Reader[]> {
  const placer = await memberOf(db, order.userId);
  if (placer) return [placer];
  return db
    .select({ email: users.email, firstname: users.firstname })
    .from(users)
    .where(and(eq(users.companyId, order.companyId), eq(users.role, 'owner'), isNull(users.removedAt)))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/** Who hears that a file was sent back: whoever uploaded it, else the order's readers. */
export async function uploaderOf(
  db: Db,
  uploadedBy: string | null,
  order: OrderOfCompany,
): Promise<Reader[]> {
  const uploader = await memberOf(db, uploadedBy);
  return uploader ? [uploader] : customersOf(db, order);
}
