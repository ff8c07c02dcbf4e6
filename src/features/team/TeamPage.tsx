import { RotateCw } from 'lucide-react';
import { useCallback } from 'react';
import { can, ROLES } from '../../../contract/roles';
import { ROLE_HINTS, ROLE_LABELS } from '../../../contract/roleWords';
import type { TeamAction } from '../../../machines/team/team.machine';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormAlert } from '../../ui/form/FormAlert';
import { Spinner } from '../../ui/Spinner';
import { DashboardSection } from '../dashboard/DashboardLayout';
import { ApprovalSetting } from './ApprovalSetting';
import { FormerMembers } from './FormerMembers';
import { InviteForm } from './InviteForm';
import { InviteRow } from './InviteRow';
import { MemberRow, type TeamMember } from './MemberRow';
import {
  type TeamActor,
  useTeam,
  useTeamAction,
  useTeamActor,
  useTeamBusy,
  useTeamConfirming,
  useTeamError,
  useTeamRefusal,
} from './useTeam';

/** What the confirmation asks, for the action waiting for it. */
function Confirmation({ actor, members }: { actor: TeamActor; members: readonly TeamMember[] }) {
  const confirming = useTeamConfirming(actor);
  const action = useTeamAction(actor);
  const person = action && 'uuid' in action ? members.find((m) => m.uuid === action.uuid) : undefined;
  const name = person?.fullname ?? 'this person';
  const transfer = action?.kind === 'transfer';
  return (
    <ConfirmDialog
      open={confirming}
      title={transfer ? `Make ${name} the owner?` : `Remove ${name} from the team?`}
      confirmLabel={transfer ? 'Yes, make them the owner' : 'Yes, remove them'}
      dismissLabel={transfer ? 'Stay the owner' : 'Keep them'}
      onConfirm={() => actor.send({ type: 'team.confirm' })}
      onDismiss={() => actor.send({ type: 'team.dismiss' })}
    >
      {transfer ? (
        <p>
          {name} will own the company: only they can hand it on again. You become an admin and keep access to
          orders, billing and the team.
        </p>
      ) : (
        <p>
          {name} is signed out everywhere at once and can no longer sign in. The orders and ad files they made
          stay with the company, under their name; the reminders of their orders come to the owner and admins.
          To bring them back, invite them again.
        </p>
      )}
    </ConfirmDialog>
  );
}

const refusalFor = (refusal: { about: string; message: string } | null, about: string) =>
  refusal?.about === about ? refusal.message : null;

/** /team: who is on the company's account with their roles, open invitations, and the team's actions. */
export function TeamPage() {
  const actor = useTeamActor();
  const team = useTeam(actor);
  const error = useTeamError(actor);
  const busy = useTeamBusy(actor);
  const refusal = useTeamRefusal(actor);
  // A removed person's row (or a cancelled invitation's) goes with the focus it had: it moves to the
  // list's heading. A new callback with each answer, so React hands it the heading again.
  const heading = useCallback(
    (element: HTMLHeadingElement | null) => {
      if (element && team && document.activeElement === document.body) element.focus();
    },
    [team],
  );
  const send = (action: TeamAction) => {
    switch (action.kind) {
      case 'role':
        return actor.send({ type: 'team.changeRole', uuid: action.uuid, role: action.role });
      case 'remove':
        return actor.send({ type: 'team.remove', uuid: action.uuid });
      case 'transfer':
        return actor.send({ type: 'team.transfer', uuid: action.uuid });
      case 'cancelInvite':
        return actor.send({ type: 'team.cancelInvite', id: action.id });
      case 'resendInvite':
        return actor.send({ type: 'team.resendInvite', id: action.id });
      case 'approvals':
        return actor.send({ type: 'team.approvalsNeedAdmin', on: action.on });
    }
  };
  const manage = team ? can(team.your_role, 'manageTeam') : false;
  return (
    <DashboardSection
      title="Team Members"
      intro="Colleagues on your account share its orders and ad files; owners and admins also see billing."
    >
      <div className="flex flex-col gap-8">
        {error ? (
          <div className="flex flex-col items-start gap-3">
            <FormAlert tone="error">{error}</FormAlert>
            <Button variant="secondary" onClick={() => actor.send({ type: 'team.retry' })}>
              <RotateCw aria-hidden="true" className="size-4" />
              Try again
            </Button>
          </div>
        ) : !team ? (
          <Spinner label="Loading your team" />
        ) : (
          <>
            <div>
              <h2
                ref={heading}
                tabIndex={-1}
                className="text-sm font-bold tracking-wide text-ink-muted uppercase outline-none"
              >
                People ({team.members.length})
              </h2>
              <ul aria-label="Members" aria-busy={busy} className="mt-1 divide-y divide-primary-50">
                {team.members.map((member) => (
                  <MemberRow
                    key={member.uuid}
                    member={member}
                    yourRole={team.your_role}
                    busy={busy}
                    refusal={refusalFor(refusal, member.uuid)}
                    onRole={(role) => send({ kind: 'role', uuid: member.uuid, role })}
                    onRemove={() => send({ kind: 'remove', uuid: member.uuid })}
                    onTransfer={() => send({ kind: 'transfer', uuid: member.uuid })}
                  />
                ))}
              </ul>
            </div>
            {team.invites.length > 0 ? (
              <div>
                <h2 className="text-sm font-bold tracking-wide text-ink-muted uppercase">
                  Invited, not joined yet
                </h2>
                <ul aria-label="Open invitations" className="mt-1 divide-y divide-primary-50">
                  {team.invites.map((invite) => (
                    <InviteRow
                      key={invite.id}
                      invite={invite}
                      manage={manage}
                      busy={busy}
                      refusal={refusalFor(refusal, invite.id)}
                      onResend={() => send({ kind: 'resendInvite', id: invite.id })}
                      onCancel={() => send({ kind: 'cancelInvite', id: invite.id })}
                    />
                  ))}
                </ul>
              </div>
            ) : null}
            <FormerMembers former={team.former} />
            <ApprovalSetting
              on={team.approvals_need_admin}
              yourRole={team.your_role}
              busy={busy}
              refusal={refusalFor(refusal, 'approvals')}
              onChange={(on) => send({ kind: 'approvals', on })}
            />
            {manage ? (
              <InviteForm onInvited={() => actor.send({ type: 'team.reload' })} />
            ) : (
              <p className="rounded-2xl bg-primary-50/50 p-5 text-ink-soft">
                You are a member: the owner or an admin of your company invites colleagues and changes roles.
              </p>
            )}
            <div>
              <h2 className="text-sm font-bold tracking-wide text-ink-muted uppercase">
                What each role can do
              </h2>
              <dl className="mt-2 grid gap-2 text-sm tb:grid-cols-[7rem_1fr]">
                {ROLES.map((role) => (
                  <div key={role} className="contents">
                    <dt className="font-semibold text-ink">{ROLE_LABELS[role]}</dt>
                    <dd className="text-ink-soft">{ROLE_HINTS[role]}</dd>
                  </div>
                ))}
              </dl>
            </div>
            <Confirmation actor={actor} members={team.members} />
          </>
        )}
      </div>
    </DashboardSection>
  );
}
