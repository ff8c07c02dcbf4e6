import { and, eq, isNull } from 'drizzle-orm';
import { ROLE_LABELS } from '../../../contract/roleWords';
import type { Db } from '../../db/client';
import { companies, users } from '../../db/schema';
import { eventKey, type MailEvent } from '../events';
import { composeMail, type Mail } from '../messages';
import type { Brand } from '../templates/brand';
import { dedupeKeyOf } from './write';

type TeamEvent = Extract<
  MailEvent,
  { event: 'team.joined' | 'team.roleChanged' | 'team.removed' | 'email.changed' }
>;

const person = async (db: Db, id: string) => {
  const [row] = await db
    .select({
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      role: users.role,
      companyId: users.companyId,
      company: companies.name,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, id));
  return row ?? null;
};

const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`;

/**
 * The e-mails of a change in a team: to the owner when someone joins (unless they turned team news
 * off), to the person whose role changed or who was removed, to the old address when an address changed.
 */
export async function composeTeamEvent(db: Db, brand: Brand, e: TeamEvent): Promise<Mail[]> {
  const key = eventKey(e);
  const subject = await person(db, e.userId);
  if (!subject) return [];
  switch (e.event) {
    case 'team.joined': {
      const owners = await db
        .select({ email: users.email, firstname: users.firstname })
        .from(users)
        .where(
          and(
            eq(users.companyId, subject.companyId),
            eq(users.role, 'owner'),
            eq(users.teamNews, true),
            isNull(users.removedAt),
          ),
        );
      return Promise.all(
        owners.map((owner) =>
          composeMail(
            owner.email,
            'colleague-joined',
            { brand, firstname: owner.firstname, colleague: fullName(subject), link: `${brand.url}/team` },
            null,
            { dedupeKey: dedupeKeyOf(key, 'colleague-joined', owner.email) },
          ),
        ),
      );
    }
    case 'team.roleChanged': {
      const by = await person(db, e.byUserId);
      const label = ROLE_LABELS[subject.role].toLowerCase();
      return [
        await composeMail(
          subject.email,
          'role-changed',
          {
            brand,
            firstname: subject.firstname,
            by: by ? fullName(by) : 'A colleague',
            role: `${subject.role === 'admin' ? 'an' : 'a'} ${label}`,
          },
          null,
          { dedupeKey: dedupeKeyOf(key, 'role-changed', subject.email) },
        ),
      ];
    }
    case 'team.removed': {
      const by = await person(db, e.byUserId);
      return [
        await composeMail(
          subject.email,
          'removed',
          {
            brand,
            firstname: subject.firstname,
            by: by ? fullName(by) : 'A colleague',
            company: subject.company,
          },
          null,
          { dedupeKey: dedupeKeyOf(key, 'removed', subject.email) },
        ),
      ];
    }
    case 'email.changed':
      return [
        await composeMail(
          e.oldEmail,
          'email-changed',
          { brand, firstname: subject.firstname, newAddress: subject.email },
          null,
          { dedupeKey: dedupeKeyOf(key, 'email-changed', e.oldEmail) },
        ),
      ];
  }
}
