import { Save } from 'lucide-react';
import type { UserData } from '../../../contract/auth';
import { profileBody } from '../../../contract/auth';
import { can } from '../../../contract/roles';
import { updateProfile } from '../../api/account';
import { useApp } from '../../system/AppContext';
import { useSendToToasts } from '../../system/hooks/toasts';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { TextField } from '../../ui/form/TextField';
import { useForm } from '../../ui/form/useForm';
import { NameFields } from '../auth/NameFields';
import { EmailPreferences } from './EmailPreferences';

/** The profile's fields as typed (the e-mail choices as the form sends them: "true" or "false"). */
const valuesOf = (user: UserData) => ({
  firstname: user.firstname,
  lastname: user.lastname,
  company: user.company,
  phone: user.phone ?? '',
  ad_reminders: String(user.ad_reminders),
  team_news: String(user.team_news),
  receipt_copies: String(user.receipt_copies),
});

/**
 * Name, company, phone and the e-mails a person may turn off. A saved profile goes to the session at once (the
 * header, the drawer and the chat's visitor profile follow). A member sees the company's name but
 * cannot change it: it is the whole team's.
 */
export function ProfileForm({ user }: { user: UserData }) {
  const app = useApp();
  const toast = useSendToToasts();
  const renames = can(user.role, 'renameCompany');
  const form = useForm({
    initial: valuesOf(user),
    schema: profileBody,
    // Only the fields the person may change are sent; the company's name stays out for a member.
    toBody: (values: ReturnType<typeof valuesOf>) => (renames ? values : { ...values, company: undefined }),
    submit: updateProfile,
    onSuccess: (userData: UserData, message) => {
      app?.session.send({ type: 'session.userUpdated', userData });
      toast({ type: 'toast.show', variant: 'success', message: message || 'Your profile is saved.' });
    },
  });
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-labelledby="profile-heading"
      className="flex flex-col gap-4"
    >
      <h2 id="profile-heading" className="text-lg font-bold text-ink">
        Your details
      </h2>
      {form.alert ? <FormAlert tone="error">{form.alert}</FormAlert> : null}
      <NameFields form={form} />
      <TextField
        label="Company"
        name="company"
        required
        autoComplete="organization"
        readOnly={!renames}
        value={form.values.company}
        onValueChange={form.set('company')}
        error={form.errors.company}
        hint={
          renames ? 'The whole team sees this name.' : 'Only the owner or an admin can rename the company.'
        }
      />
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        value={form.values.phone}
        onValueChange={form.set('phone')}
        error={form.errors.phone}
        hint="Our team calls about your orders only when something needs you."
      />
      <EmailPreferences values={form.values} set={form.set} />
      <Button type="submit" inactive={form.submitting} className="self-start">
        <Save aria-hidden="true" className="size-4" />
        {form.submitting ? 'Saving…' : 'Save profile'}
      </Button>
    </form>
  );
}
