import type { CompanyDetail, CompanyPerson } from '../../../../contract/adminCompanies';
import { ROLE_LABELS } from '../../../../contract/roleWords';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { columnsOf, DataTable } from '../table/DataTable';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

const stateOf = (person: CompanyPerson) =>
  person.removed ? 'Removed by the company' : person.disabled ? 'Disabled' : 'Active';

/**
 * People: each person's role, last sign-in and state, with Disable (after a confirmation) and
 * Enable for staff who manage customers; the open invitations, with Resend. Staff never see or set
 * a password.
 */
export function CompanyPeople({
  company,
  manage,
  busy,
  confirming,
  onDisable,
  onEnable,
  onResend,
  onConfirm,
  onDismiss,
}: {
  company: CompanyDetail;
  manage: boolean;
  busy: boolean;
  confirming: string | null;
  onDisable: (id: string) => void;
  onEnable: (id: string) => void;
  onResend: (id: string) => void;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  const column = columnsOf<CompanyPerson>();
  const columns = [
    column.accessor('name', { header: 'Name' }),
    column.accessor('email', {
      header: 'E-mail',
      cell: (info) => <span className="break-all">{info.getValue()}</span>,
    }),
    column.accessor((p) => ROLE_LABELS[p.role], { id: 'role', header: 'Role' }),
    column.accessor((p) => when(p.last_sign_in), { id: 'last', header: 'Last sign-in' }),
    column.accessor(stateOf, { id: 'state', header: 'State' }),
    ...(manage
      ? [
          column.display({
            id: 'actions',
            header: 'Actions',
            cell: ({ row: { original: p } }) =>
              p.removed ? null : p.disabled ? (
                <Button variant="secondary" inactive={busy} onClick={() => onEnable(p.id)}>
                  Enable<span className="sr-only"> {p.name}</span>
                </Button>
              ) : (
                <Button variant="danger" inactive={busy} onClick={() => onDisable(p.id)}>
                  Disable<span className="sr-only"> {p.name}</span>
                </Button>
              ),
          }),
        ]
      : []),
  ];
  const asked = company.people.find((p) => p.id === confirming) ?? null;
  return (
    <section aria-labelledby="people" className="grid gap-3">
      <h2 id="people" className="text-lg font-bold text-ink">
        People
      </h2>
      <DataTable
        caption="People"
        columns={columns}
        rows={company.people}
        rowId={(p) => p.id}
        empty="No one yet."
      />
      <h3 className="font-semibold text-ink">Open invitations</h3>
      {company.invitations.length === 0 ? (
        <p className="text-sm text-ink-muted">No invitation is waiting.</p>
      ) : (
        <ul className="grid gap-2">
          {company.invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 text-sm">
              <span>
                {invitation.email} ({ROLE_LABELS[invitation.role]}), link works until{' '}
                {when(invitation.expires_at)}
              </span>
              {manage ? (
                <Button variant="secondary" inactive={busy} onClick={() => onResend(invitation.id)}>
                  Resend invitation<span className="sr-only"> to {invitation.email}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={`Disable ${asked?.name ?? ''}?`}
        confirmLabel="Disable"
        dismissLabel="Keep access"
        onConfirm={onConfirm}
        onDismiss={onDismiss}
      >
        Every sign-in of {asked?.name ?? 'theirs'} ends at once, and they cannot sign in until you enable them
        again. Their orders and invoices stay with {company.name}.
      </ConfirmDialog>
    </section>
  );
}
