import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { avatars, users } from '../db/schema';

/** Where a kept picture is served (public, never changing: a new picture gets a new address). */
export const avatarUrl = (id: string) => `/api/v1/avatars/${id}.webp`;

/** Keeps a person's new picture and makes it theirs; the one it replaces is deleted. Answers its address. */
export async function replaceAvatar(db: Db, userId: string, image: Buffer, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(avatars)
      .values({ userId, image, createdAt: now })
      .returning({ id: avatars.id });
    if (!row) throw new Error('The picture was not stored.');
    await tx.delete(avatars).where(and(eq(avatars.userId, userId), ne(avatars.id, row.id)));
    const url = avatarUrl(row.id);
    await tx.update(users).set({ avatar: url }).where(eq(users.id, userId));
    return url;
  });
}

/** Removes a person's picture: their initials show again. */
export async function removeAvatar(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(avatars).where(eq(avatars.userId, userId));
    await tx.update(users).set({ avatar: null }).where(eq(users.id, userId));
  });
}

export async function avatarImage(db: Db, id: string): Promise<Buffer | null> {
  const [row] = await db.select({ image: avatars.image }).from(avatars).where(eq(avatars.id, id)).limit(1);
  return row?.image ?? null;
}
