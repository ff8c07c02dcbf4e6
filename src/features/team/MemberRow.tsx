import type { TeamAnswer } from '../../../contract/auth';
import { ASSIGNABLE_ROLES, type AssignableRole, can, type Role } from '../../../contract/roles';
import { ROLE_LABELS } from '../../../contract/roleWords';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';

export type TeamMember = TeamAnswer['members'][number];

const isAssignable = (value: string): value is AssignableRole =>
  ASSIGNABLE_ROLES.some((role) => role === value);

export const roleChip = (role: Role) =>
  role === 'owner'
    ? 'bg-sunshine-100 text-ink'
    : role === 'admin'
      ? 'bg-primary-100 text-primary-800'
      : 'bg-primary-50 text-ink-soft';

/**
 * One person of the team: picture, name, e-mail and role. To the owner and admins, the role of
 * someone else who is not the owner is a choice, with Remove beside it; the owner can also hand the
 * company to them. A refusal of the last action on this person is said under them.
 */
export function MemberRow({
  member,
  yourRole,
  busy,
  refusal,
  onRole,
  onRemove,
  onTransfer,
}: {
  member: TeamMember;
  yourRole: Role;
  busy: boolean;
  refusal: string | null;
  onRole(role: AssignableRole): void;
  onRemove(): void;
  onTransfer(): void;
}) {
  const manageable = can(yourRole, 'manageTeam') && !member.you && member.role !== 'owner';
  const selectId = `role-${member.uuid}`;
  return (
    <li className="flex flex-col gap-3 py-4 tb:flex-row tb:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar name={member.fullname} src={member.avatar} />
        <div className="min-w-0">
          <p className="font-semibold text-ink">
            {member.fullname}{' '}
            {member.you ? <span className="text-sm font-medium text-ink-muted">(you)</span> : null}
          </p>
          <p className="truncate text-sm text-ink-muted">{member.email}</p>
        </div>
      </div>
      {manageable ? (
        <div className="flex flex-wrap items-center gap-2 pl-12 tb:pl-0">
          <label htmlFor={selectId} className="sr-only">
            Role of {member.fullname}
          </label>
          <select
            id={selectId}
            value={member.role}
            disabled={busy}
            onChange={(event) => {
              const role = event.target.value;
              if (isAssignable(role) && role !== member.role) onRole(role);
            }}
            className="h-10 rounded-xl border-2 border-primary-100 bg-white px-3 font-semibold text-ink hover:border-primary-300"
          >
            {ASSIGNABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
          {can(yourRole, 'transferOwnership') ? (
            <Button
              variant="ghost"
              inactive={busy}
              onClick={onTransfer}
              aria-label={`Make ${member.fullname} the owner`}
            >
              Make owner
            </Button>
          ) : null}
          <Button
            variant="secondary"
            inactive={busy}
            onClick={onRemove}
            aria-label={`Remove ${member.fullname}`}
          >
            Remove
          </Button>
        </div>
      ) : (
        <span
          className={`ml-12 self-start rounded-full px-3 py-1 text-sm font-semibold tb:ml-0 tb:self-center ${roleChip(member.role)}`}
        >
          {ROLE_LABELS[member.role]}
        </span>
      )}
      {refusal ? (
        <p role="alert" className="basis-full text-sm font-semibold text-coral-700 tb:order-last">
          {refusal}
        </p>
      ) : null}
    </li>
  );
}
