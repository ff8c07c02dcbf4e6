import { dayInWords, isoDay } from '../../contract/schedule';
import { STAFF_ROLE_PHRASES } from '../../contract/staff';
import type { ServerConfig } from '../config';
import type { StaffInviteRow } from '../data/staffInvites';
import { mails } from '../mail/messages';
import { brandOf } from '../mail/templates/brand';

/** The link an invitation's e-mail (or `npm run staff:create`) gives: it carries the one-time token. */
export const joinLink = (config: Pick<ServerConfig, 'publicUrl'>, token: string) =>
  `${config.publicUrl}/admin/join?token=${encodeURIComponent(token)}`;

/** The invitation e-mail; `inviter` null when it came from a shell. */
export const staffInviteMail = (
  config: ServerConfig,
  invite: StaffInviteRow,
  token: string,
  inviter: string | null,
) =>
  mails.staffInvite(invite.email, brandOf(config), {
    inviter,
    role: STAFF_ROLE_PHRASES[invite.role],
    link: joinLink(config, token),
    expires: dayInWords(isoDay(invite.expiresAt)),
  });
