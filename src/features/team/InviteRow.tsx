import type { TeamAnswer } from '../../../contract/auth';
import { ROLE_LABELS } from '../../../contract/roleWords';
import { Button } from '../../ui/Button';
import { dayInWords } from '../orders/orderWords';
import { roleChip } from './MemberRow';

export type TeamInvite = TeamAnswer['invites'][number];

/** An invitation not accepted yet: to whom, as what, until when; the owner and admins resend or cancel it. */
export function InviteRow({
  invite,
  manage,
  busy,
  refusal,
  onResend,
  onCancel,
}: {
  invite: TeamInvite;
  manage: boolean;
  busy: boolean;
  refusal: string | null;
  onResend(): void;
  onCancel(): void;
}) {
  return (
    <li className="flex flex-col gap-2 py-3 tb:flex-row tb:items-center">
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-ink">{invite.email}</p>
        <p className="text-sm text-ink-muted">
          <span className={`mr-2 rounded-full px-2 py-0.5 text-xs font-semibold ${roleChip(invite.role)}`}>
            {ROLE_LABELS[invite.role]}
          </span>
          Link works until {dayInWords(invite.expires_at.slice(0, 10))}
        </p>
      </div>
      {manage ? (
        <div className="flex gap-2">
          <Button
            variant="ghost"
            inactive={busy}
            onClick={onResend}
            aria-label={`Send the invitation to ${invite.email} again`}
          >
            Resend
          </Button>
          <Button
            variant="secondary"
            inactive={busy}
            onClick={onCancel}
            aria-label={`Cancel the invitation to ${invite.email}`}
          >
            Cancel invitation
          </Button>
        </div>
      ) : null}
      {refusal ? (
        <p role="alert" className="basis-full text-sm font-semibold text-coral-700">
          {refusal}
        </p>
      ) : null}
    </li>
  );
}
