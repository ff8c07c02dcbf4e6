import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { changePasswordBody } from '../../../contract/auth';
import { changePassword } from '../../api/auth';
import { useAcceptSignIn } from '../../system/hooks/session';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { PasswordField } from '../../ui/form/PasswordField';
import { useForm } from '../../ui/form/useForm';
import { NewPasswordFields } from '../auth/NewPasswordFields';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** Changing the password while signed in: this sign-in goes on with new tokens, others end. */
export function ChangePasswordForm({ email }: { email: string }) {
  const [done, setDone] = useState<string | null>(null);
  const acceptSignIn = useAcceptSignIn();
  const form = useForm({
    initial: EMPTY,
    schema: changePasswordBody,
    submit: changePassword,
    onSuccess: (userData, message) => {
      acceptSignIn(userData);
      setDone(message);
    },
  });
  if (done) {
    return (
      <FormAlert tone="success" takeFocus>
        {done}
      </FormAlert>
    );
  }
  return (
    <form onSubmit={form.onSubmit} noValidate className="flex max-w-lg flex-col gap-4">
      <h2 className="text-lg font-bold text-ink">Change your password</h2>
      {form.alert ? <FormAlert tone="error">{form.alert}</FormAlert> : null}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label="Current password"
        name="current_password"
        autoComplete="current-password"
        required
        value={form.values.current_password}
        onValueChange={form.set('current_password')}
        error={form.errors.current_password}
      />
      <NewPasswordFields
        form={form}
        hint="At least 10 characters. Other devices are signed out when you change it."
      />
      <Button type="submit" disabled={form.submitting} className="self-start">
        <KeyRound aria-hidden="true" className="size-4" />
        {form.submitting ? 'Saving…' : 'Change password'}
      </Button>
    </form>
  );
}
