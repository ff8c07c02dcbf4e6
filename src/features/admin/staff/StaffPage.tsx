import { useState } from 'react';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffList, type StaffRole } from '../../../../contract/staff';
import { inviteStaff, patchStaff } from '../../../api/admin/staff';
import type { Result } from '../../../api/result';
import { staffListLogic } from '../../../system/admin/lists';
import { useKeyedRequest } from '../../../system/hooks/request';
import { Button } from '../../../ui/Button';
import { FormAlert } from '../../../ui/form/FormAlert';
import { TextField } from '../../../ui/form/TextField';
import { PageMeta } from '../../../ui/PageMeta';
import { columnsOf, DataTable } from '../table/DataTable';
import { RepCodeField } from './RepCodeField';

type Person = StaffList[number];

const selectClasses = 'h-10 rounded-xl border-2 border-primary-100 bg-white px-2 text-sm';

const RoleOptions = () =>
  STAFF_ROLES.map((r) => (
    <option key={r} value={r}>
      {STAFF_ROLE_LABELS[r]}
    </option>
  ));

/** /admin/staff: who works in the back office, invitations, roles, and disabling someone. */
export function StaffPage() {
  const [version, setVersion] = useState(0);
  const { data: people, error: loadError } = useKeyedRequest(staffListLogic, version);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('production');
  const [busy, setBusy] = useState(false);

  const reload = () => setVersion((n) => n + 1);
  const act = async (work: () => Promise<Result<unknown>>, done: string): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    // A lost connection is a sentence on the page like any refusal.
    const result = await work().catch(
      (error: unknown): Result<unknown> => ({
        ok: false,
        status: 0,
        message: error instanceof Error ? error.message : String(error),
        fieldErrors: {},
      }),
    );
    setBusy(false);
    setMessage(
      result.ok
        ? { tone: 'success', text: done }
        : { tone: 'error', text: Object.values(result.fieldErrors)[0] ?? result.message },
    );
    if (result.ok) reload();
    return result.ok;
  };

  const column = columnsOf<Person>();
  const columns = [
    column.accessor('name', { header: 'Name' }),
    column.accessor('email', {
      header: 'E-mail',
      cell: (info) => <span className="break-all">{info.getValue()}</span>,
    }),
    column.accessor('role', {
      header: 'Role',
      cell: (info) => {
        const person = info.row.original;
        return (
          <select
            aria-label={`Role of ${person.name}`}
            className={selectClasses}
            value={person.role}
            onChange={(e) =>
              void act(
                () => patchStaff(person.id, { role: e.target.value as StaffRole }),
                `${person.name} is now ${STAFF_ROLE_LABELS[e.target.value as StaffRole]}.`,
              )
            }
          >
            <RoleOptions />
          </select>
        );
      },
    }),
    column.display({
      id: 'rep_code',
      header: 'Rep code',
      cell: (info) => {
        const person = info.row.original;
        if (person.role !== 'rep') return <span className="text-ink-muted">—</span>;
        return (
          <RepCodeField
            // A saved code read back starts the field again from it.
            key={person.rep_code ?? ''}
            name={person.name}
            email={person.email}
            code={person.rep_code}
            busy={busy}
            onSave={(code) =>
              void act(
                () => patchStaff(person.id, { rep_code: code }),
                code
                  ? `${person.name}’s rep code is ${code.toLowerCase()}.`
                  : `${person.name} has no rep code.`,
              )
            }
          />
        );
      },
    }),
    column.accessor(
      (person) => (person.disabled ? 'Disabled' : person.enrolled ? 'Active' : 'Not signed in yet'),
      { id: 'state', header: 'State' },
    ),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: (info) => {
        const person = info.row.original;
        return (
          <Button
            variant={person.disabled ? 'secondary' : 'danger'}
            inactive={busy}
            aria-label={`${person.disabled ? 'Enable' : 'Disable'} ${person.name} (${person.email})`}
            onClick={() =>
              void act(
                () => patchStaff(person.id, { disabled: !person.disabled }),
                person.disabled ? `${person.name} can sign in again.` : `${person.name} is disabled.`,
              )
            }
          >
            {person.disabled ? 'Enable' : 'Disable'}
          </Button>
        );
      },
    }),
  ];

  return (
    <div className="flex flex-col gap-6">
      <PageMeta title="Staff · Back office" />
      <h1 className="font-display text-2xl font-bold text-primary-900">Staff</h1>
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
      {loadError ? <FormAlert tone="error">{loadError}</FormAlert> : null}
      <form
        aria-label="Invite someone"
        noValidate
        className="flex flex-wrap items-end gap-3 rounded-2xl border border-primary-100 bg-white p-4"
        onSubmit={(event) => {
          event.preventDefault();
          // A refused invitation keeps the address, to be corrected rather than typed again.
          void act(() => inviteStaff({ email, role }), `Invitation sent to ${email}.`).then((sent) => {
            if (sent) setEmail('');
          });
        }}
      >
        <TextField label="E-mail" name="email" type="email" required value={email} onValueChange={setEmail} />
        <label className="flex flex-col gap-1.5 text-sm font-bold">
          Role
          <select
            className={selectClasses}
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRole)}
          >
            <RoleOptions />
          </select>
        </label>
        <Button type="submit" inactive={busy}>
          Invite
        </Button>
      </form>
      <DataTable
        caption="Staff"
        columns={columns}
        rows={people ?? []}
        rowId={(person) => person.id}
        empty={loadError ? 'The staff could not be loaded.' : 'Loading the staff…'}
      />
    </div>
  );
}
