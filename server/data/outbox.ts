import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export interface Mail {
  to: string;
  kind: 'password-reset' | 'colleague-invite' | 'sign-in-link' | 'welcome';
  subject: string;
  body: string;
  link: string | null;
}

export async function sendMail(db: Db, mail: Mail, now: Date) {
  await db.insert(outbox).values({
    toEmail: mail.to,
    kind: mail.kind,
    subject: mail.subject,
    body: mail.body,
    link: mail.link,
    createdAt: now,
  });
}

export async function readOutbox(db: Db, to: string | undefined, limit: number) {
  const rows = await db
    .select()
    .from(outbox)
    .where(to ? eq(outbox.toEmail, to) : undefined)
    .orderBy(sql`${outbox.id} desc`)
    .limit(limit);
  return rows;
}
