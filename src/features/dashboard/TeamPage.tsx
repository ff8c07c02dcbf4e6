import { useRouter } from '@tanstack/react-router';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { inviteBody, type TeamAnswer } from '../../../contract/auth';
import { inviteColleague } from '../../api/auth';
import type { Result } from '../../api/result';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { TextField } from '../../ui/form/TextField';
import { useForm } from '../../ui/form/useForm';
import { DashboardSection } from './DashboardLayout';

function InviteForm() {
  const router = useRouter();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    initial: { email: '', firstname: '', lastname: '' },
    schema: inviteBody,
    submit: inviteColleague,
    onSuccess: (_, message) => {
      setSent(message);
      void router.invalidate();
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
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          name="firstname"
          value={form.values.firstname}
          onValueChange={form.set('firstname')}
          error={form.errors.firstname}
        />
        <TextField
          label="Last name"
          name="lastname"
          value={form.values.lastname}
          onValueChange={form.set('lastname')}
          error={form.errors.lastname}
        />
      </div>
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
      <Button type="submit" disabled={form.submitting} className="self-end">
        <Send aria-hidden="true" className="size-4" />
        {form.submitting ? 'Sending…' : 'Send invitation'}
      </Button>
    </form>
  );
}

/** /team: who can order for the company, open invitations, and inviting someone. */
export function TeamPage({ team }: { team: Result<TeamAnswer> }) {
  return (
    <DashboardSection
      title="Team Members"
      intro="Colleagues on your account share its orders, invoices and ad files."
    >
      <div className="flex flex-col gap-8">
        {team.ok ? (
          <>
            <ul aria-label="Members" className="divide-y divide-primary-50">
              {team.data.members.map((member) => (
                <li key={member.uuid} className="flex items-center gap-3 py-3">
                  <Avatar name={member.fullname} />
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">
                      {member.fullname}{' '}
                      {member.you ? <span className="text-sm font-medium text-ink-muted">(you)</span> : null}
                    </p>
                    <p className="truncate text-sm text-ink-muted">{member.email}</p>
                  </div>
                </li>
              ))}
            </ul>
            {team.data.invites.length > 0 ? (
              <div>
                <h2 className="text-sm font-bold tracking-wide text-ink-muted uppercase">
                  Invited, not joined yet
                </h2>
                <ul aria-label="Open invitations" className="mt-2 flex flex-col gap-1">
                  {team.data.invites.map((invite) => (
                    <li key={invite.uuid} className="text-ink-soft">
                      {invite.email}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        ) : (
          <FormAlert tone="error">
            {team.message || 'The team could not be loaded. Reload the page to try again.'}
          </FormAlert>
        )}
        <InviteForm />
      </div>
    </DashboardSection>
  );
}
