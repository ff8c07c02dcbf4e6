import { dayInWords, isoDay } from '../../contract/schedule';
import { STAFF_ROLES, staffInviteBody } from '../../contract/staff';
import type { ServerConfig } from '../config';
import { findStaffByEmail } from '../data/staff';
import { createStaffInvite } from '../data/staffInvites';
import type { Db } from '../db/client';
import { auditShell } from './audit';
import { joinLink } from './invites';
import { inviteAuditView } from './staffViews';

/**
 * `npm run staff:create -- --email a@b.c --role production`: an invitation made from a shell, as an
 * admin's would be, whose link the shell prints instead of e-mailing. The person chooses their
 * password at the link, so none is typed into a shell's history.
 */
export async function createStaffFromShell(
  db: Db,
  config: Pick<ServerConfig, 'publicUrl'>,
  args: { email?: string; role?: string },
  now: Date,
): Promise<{ ok: true; line: string } | { ok: false; message: string }> {
  const parsed = staffInviteBody.safeParse({ email: args.email ?? '', role: args.role ?? '' });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message =
      issue?.path[0] === 'role' ? `Choose a role with --role: ${STAFF_ROLES.join(', ')}.` : issue?.message;
    return {
      ok: false,
      message: `${message ?? 'Check --email and --role.'} Usage: npm run staff:create -- --email a@b.c --role rep`,
    };
  }
  const { email, role } = parsed.data;
  if (await findStaffByEmail(db, email))
    return { ok: false, message: `${email} already has a staff account.` };
  const { invite, token } = await db.transaction(async (tx) => {
    const made = await createStaffInvite(tx, { email, role, invitedBy: null, now });
    await auditShell(tx, {
      actor: 'shell',
      now,
      action: 'invite.created',
      record: { type: 'invite', id: String(made.invite.id) },
      before: null,
      after: inviteAuditView(made.invite),
    });
    return made;
  });
  const until = dayInWords(isoDay(invite.expiresAt));
  return {
    ok: true,
    line: `Invitation for ${invite.email} (${role}), valid until ${until}. Send them this link: ${joinLink(config, token)}`,
  };
}
