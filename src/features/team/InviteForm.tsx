import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { inviteBody } from '../../../contract/auth';
import { ASSIGNABLE_ROLES, type AssignableRole } from '../../../contract/roles';
import { ROLE_HINTS, ROLE_LABELS } from '../../../contract/roleWords';
import { inviteColleague } from '../../api/auth';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { TextField } from '../../ui/form/TextField';
import { useForm } from '../../ui/form/useForm';
import { NameFields } from '../auth/NameFields';

/** Inviting a colleague by e-mail, as an admin or a member; the team reads itself again after. */
export function InviteForm({ onInvited }: { onInvited(message: string): void }) {
  const [sent, setSent] = useState<string | null>(null);
  const roleName = useId();
  const form = useForm({
    initial: { email: '', firstname: '', lastname: '', role: 'member' as AssignableRole },
    schema: inviteBody,
    submit: inviteColleague,
    onSuccess: (_, message) => {
      setSent(message);
      // The next invitation starts blank; the role chosen stays (several of a kind are invited in a row).
      form.set('email')('');
      form.set('firstname')('');
      form.set('lastname')('');
      onInvited(message);
    },
  });
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      className="flex flex-col gap-4 rounded-2xl bg-primary-50/50 p-5"
    >
      <h2 className="text-lg font-bold text-ink">Invite a colleague</h2>
      {sent ? <FormAlert tone="success">{sent}</FormAlert> : null}
      {form.alert ? <FormAlert tone="error">{form.alert}</FormAlert> : null}
      <NameFields form={form} ofSomeoneElse />
      <TextField
        label="Their work e-mail"
        name="email"
        type="email"
        required
        value={form.values.email}
        onValueChange={form.set('email')}
        error={form.errors.email}
        hint="They get a link to create their account; it works for 14 days."
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-bold text-ink">Their role</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {ASSIGNABLE_ROLES.map((role) => (
            <label
              key={role}
              className="flex cursor-pointer gap-3 rounded-xl border-2 border-primary-100 bg-white p-3 has-checked:border-primary"
            >
              <input
                type="radio"
                name={roleName}
                value={role}
                checked={form.values.role === role}
                onChange={() => form.set('role')(role)}
                className="mt-1 accent-primary"
              />
              <span>
                <span className="block font-semibold text-ink">{ROLE_LABELS[role]}</span>
                <span className="block text-sm text-ink-muted">{ROLE_HINTS[role]}</span>
              </span>
            </label>
          ))}
        </div>
        {form.errors.role ? <p className="text-sm font-semibold text-coral-700">{form.errors.role}</p> : null}
      </fieldset>
      <Button type="submit" disabled={form.submitting} className="self-end">
        <Send aria-hidden="true" className="size-4" />
        {form.submitting ? 'Sending…' : 'Send invitation'}
      </Button>
    </form>
  );
}
