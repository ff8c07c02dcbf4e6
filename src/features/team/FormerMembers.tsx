import type { TeamAnswer } from '../../../contract/auth';
import { dayInWords } from '../orders/orderWords';

/** People removed from the team: they no longer sign in, and their names stay on what they did. */
export function FormerMembers({ former }: { former: TeamAnswer['former'] }) {
  if (former.length === 0) return null;
  return (
    <div>
      <h2 className="text-sm font-bold tracking-wide text-ink-muted uppercase">Former members</h2>
      <p className="mt-1 text-sm text-ink-soft">
        They can no longer sign in. Their names stay on the orders they placed; to bring someone back, invite
        them again.
      </p>
      <ul aria-label="Former members" className="mt-1 divide-y divide-primary-50">
        {former.map((person) => (
          <li key={person.uuid} className="flex flex-col gap-0.5 py-3 tb:flex-row tb:items-baseline tb:gap-3">
            <p className="min-w-0 truncate font-semibold text-ink-soft">{person.fullname}</p>
            <p className="min-w-0 flex-1 truncate text-sm text-ink-muted">{person.email}</p>
            <p className="text-sm text-ink-muted">Removed on {dayInWords(person.removed_at.slice(0, 10))}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
