import { type Context, Hono } from 'hono';
import { teamSettingsBody } from '../../contract/approvalRequests';
import { inviteBody, ownerBody, roleBody, type TeamAnswer } from '../../contract/auth';
import { invitationIdParam, userUuidParam } from '../../contract/params';
import { ROLE_LABELS } from '../../contract/roleWords';
import { type Account, findAccount } from '../data/accounts';
import { approvalsNeedAdmin, setApprovalsNeedAdmin } from '../data/approvalRequests';
import {
  cancelInvite,
  createInvite,
  findOpenInvite,
  hasOpenInvite,
  renewInvite,
  teamOf,
} from '../data/invitations';
import { findMember, type Member, removeMember, setRole, transferOwnership } from '../data/members';
import type { AppEnv } from '../env';
import { requirePermission, requireUser, signedInUser } from '../http/auth';
import { InvalidFields } from '../http/body';
import { fail, ok } from '../http/envelope';
import { publicOrigin } from '../http/signIn';
import { overLimit } from '../http/throttle';
import { formBody, params } from '../http/validators';
import { queueMail } from '../mail/events';
import { mails } from '../mail/messages';
import { sendMail } from '../mail/send';
import { brandOf } from '../mail/templates/brand';
import { DAY_MS } from '../time';

const INVITE_TTL_MS = 14 * DAY_MS;

const MANAGERS_ONLY = 'Only the owner or an admin of your company can manage the team.';
const OWNER_ONLY = 'Only the owner of your company can hand it over to someone else.';
const manageTeam = requirePermission('manageTeam', MANAGERS_ONLY);

const nameOf = (m: { firstname: string; lastname: string }) => `${m.firstname} ${m.lastname}`;
const memberGone = 'That person is no longer on your team. Reload the page to see who is.';
const inviteGone =
  'That invitation is no longer open: it was accepted, cancelled or has expired. Reload the page to see the team.';

/** A person of the company other than the one asking, who is not the owner; or the reason they cannot be acted on. */
function actionable(c: Context<AppEnv>, member: Member | null, what: string) {
  const { account } = signedInUser(c);
  if (!member) return fail(c, 404, memberGone);
  if (member.uuid === account.id)
    return fail(c, 409, `You cannot ${what} yourself: ask the owner or another admin.`);
  if (member.role === 'owner')
    return fail(
      c,
      409,
      `${nameOf(member)} owns the company: only they can hand it over, and then they can be changed.`,
    );
  return null;
}

/** Limits invitations sent by one person, new ones and ones sent again alike. */
const inviteLimit = (c: Context<AppEnv>, account: Account) =>
  overLimit(
    c,
    `invite:${account.id}`,
    c.var.config.limits.invitePerAccount,
    'You have sent many invitations recently.',
  );

function mailInvite(c: Context<AppEnv>, account: Account, to: string, uuid: string) {
  const invitation = () =>
    mails.colleagueInvite(
      to,
      brandOf(c.var.config),
      { firstname: account.firstname, lastname: account.lastname, company: account.companyName },
      `${publicOrigin(c)}/join?uuid=${uuid}&coid=${account.coid}`,
    );
  const deps = { db: c.var.db, config: c.var.config, clock: c.var.clock, jobs: c.var.jobs };
  c.var.background.run(async () => sendMail(deps, await invitation()));
}

/**
 * The company's team: its people with their roles and the open invitations (everyone sees them);
 * inviting, cancelling and resending invitations, changing roles and removing people (owner and
 * admins); handing the company over (its owner). The README's permission table is this file's.
 */
export const teamRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', async (c) => {
    const { account } = signedInUser(c);
    const team = await teamOf(c.var.db, account.companyId, c.var.clock());
    const answer: TeamAnswer = {
      members: team.members.map((m) => ({
        uuid: m.uuid,
        fullname: nameOf(m),
        email: m.email,
        avatar: m.avatar,
        role: m.role,
        you: m.uuid === account.id,
      })),
      invites: team.invites.map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        created_at: i.createdAt.toISOString(),
        expires_at: i.expiresAt.toISOString(),
      })),
      former: team.former.map((f) => ({
        uuid: f.uuid,
        fullname: nameOf(f),
        email: f.email,
        removed_at: f.removedAt?.toISOString() ?? '',
      })),
      your_role: account.role,
      approvals_need_admin: await approvalsNeedAdmin(c.var.db, account.companyId),
    };
    return ok(c, answer);
  })
  .post('/invite', manageTeam, formBody(inviteBody), async (c) => {
    const body = c.req.valid('form');
    const { account } = signedInUser(c);
    const now = c.var.clock();
    const refused = await inviteLimit(c, account);
    if (refused) return refused;
    // Only a teammate is named; whether the address has an account elsewhere is not told.
    const existing = await findAccount(c.var.db, { email: body.email });
    if (existing && existing.companyId === account.companyId) {
      throw new InvalidFields({ email: `${body.email} is already on your team.` });
    }
    if (await hasOpenInvite(c.var.db, account.companyId, body.email, now)) {
      throw new InvalidFields({
        email: `${body.email} is already invited. Send the invitation again from the list instead.`,
      });
    }
    const created = await createInvite(
      c.var.db,
      { ...body, companyId: account.companyId, invitedBy: account.id },
      now,
      INVITE_TTL_MS,
    );
    mailInvite(c, account, body.email, created.uuid);
    // The link's secret goes to the invited address only: not even the inviter may use it for them.
    return ok(c, { id: created.id }, {}, `Invitation sent to ${body.email}.`);
  })
  .post('/invitations/:id/cancel', manageTeam, params({ id: invitationIdParam }), async (c) => {
    const { id } = c.req.valid('param');
    const { account } = signedInUser(c);
    const now = c.var.clock();
    const invite = await findOpenInvite(c.var.db, account.companyId, id, now);
    if (!invite || !(await cancelInvite(c.var.db, account.companyId, id, now)))
      return fail(c, 404, inviteGone);
    return ok(c, null, {}, `The invitation to ${invite.email} is cancelled: its link no longer works.`);
  })
  .post('/invitations/:id/resend', manageTeam, params({ id: invitationIdParam }), async (c) => {
    const { id } = c.req.valid('param');
    const { account } = signedInUser(c);
    const now = c.var.clock();
    const invite = await findOpenInvite(c.var.db, account.companyId, id, now);
    if (!invite) return fail(c, 404, inviteGone);
    const refused = await inviteLimit(c, account);
    if (refused) return refused;
    if (!(await renewInvite(c.var.db, account.companyId, id, now, INVITE_TTL_MS)))
      return fail(c, 404, inviteGone);
    mailInvite(c, account, invite.email, invite.uuid);
    return ok(c, null, {}, `Invitation sent again to ${invite.email}; its link works for 14 more days.`);
  })
  .post('/members/:uuid/role', manageTeam, params({ uuid: userUuidParam }), formBody(roleBody), async (c) => {
    const { uuid } = c.req.valid('param');
    const { role } = c.req.valid('form');
    const { account } = signedInUser(c);
    const member = await findMember(c.var.db, account.companyId, uuid);
    const refused = actionable(c, member, 'change the role of');
    if (refused || !member) return refused ?? fail(c, 404, memberGone);
    if (!(await setRole(c.var.db, account.companyId, uuid, role))) return fail(c, 409, memberGone);
    const at = c.var.clock().toISOString();
    await c.var.jobs.inTransaction(c.var.db, (_tx, send) =>
      queueMail(send, { event: 'team.roleChanged', userId: uuid, byUserId: account.id, at }),
    );
    return ok(
      c,
      null,
      {},
      `${nameOf(member)} is now ${role === 'admin' ? 'an' : 'a'} ${ROLE_LABELS[role].toLowerCase()}.`,
    );
  })
  .post('/members/:uuid/remove', manageTeam, params({ uuid: userUuidParam }), async (c) => {
    const { uuid } = c.req.valid('param');
    const { account } = signedInUser(c);
    const member = await findMember(c.var.db, account.companyId, uuid);
    const refused = actionable(c, member, 'remove');
    if (refused || !member) return refused ?? fail(c, 404, memberGone);
    const removed = await removeMember(c.var.db, account.companyId, uuid, c.var.clock());
    if (!removed) return fail(c, 409, memberGone);
    await c.var.jobs.inTransaction(c.var.db, (_tx, send) =>
      queueMail(send, { event: 'team.removed', userId: uuid, byUserId: account.id }),
    );
    const cancelled = removed.invitationsCancelled;
    const invitations =
      cancelled === 0
        ? ''
        : ` The ${cancelled === 1 ? 'invitation they sent is' : `${cancelled} invitations they sent are`} cancelled: invite again whoever should still join.`;
    return ok(
      c,
      null,
      {},
      `${nameOf(member)} is removed from the team and signed out everywhere; their name stays on what they did.${invitations}`,
    );
  })
  .patch(
    '/settings',
    requirePermission(
      'approvalSetting',
      'Only the owner or an admin of your company can change whether approvals need an admin.',
    ),
    formBody(teamSettingsBody),
    async (c) => {
      const { approvals_need_admin: on } = c.req.valid('form');
      const { account } = signedInUser(c);
      await setApprovalsNeedAdmin(c.var.db, account.companyId, on);
      return ok(
        c,
        { approvals_need_admin: on },
        {},
        on
          ? 'Approvals now need an admin: a member’s approval is sent to the owner and admins to decide.'
          : 'Anyone on the team can approve an ad file again.',
      );
    },
  )
  .post('/owner', requirePermission('transferOwnership', OWNER_ONLY), formBody(ownerBody), async (c) => {
    const { uuid } = c.req.valid('form');
    const { account } = signedInUser(c);
    const member = await findMember(c.var.db, account.companyId, uuid);
    if (!member) throw new InvalidFields({ uuid: memberGone });
    if (member.uuid === account.id) throw new InvalidFields({ uuid: 'You already own the company.' });
    if (!(await transferOwnership(c.var.db, account.companyId, account.id, uuid)))
      return fail(c, 409, 'The company could not be handed over: reload the page and try again.');
    return ok(c, null, {}, `${nameOf(member)} now owns ${account.companyName}; you are an admin.`);
  });
