import { PasswordField } from '../../ui/form/PasswordField';
import type { FormPart } from './formPart';

/** A password being chosen (autocomplete new-password), so password managers offer to make one. */
export function NewPasswordField({
  form,
  label,
  hint,
}: {
  form: FormPart<'password'>;
  label: string;
  hint: string;
}) {
  return (
    <PasswordField
      label={label}
      name="password"
      autoComplete="new-password"
      required
      value={form.values.password}
      onValueChange={form.set('password')}
      error={form.errors.password}
      hint={hint}
    />
  );
}

/** A new password in place of the old one, typed twice to catch a slip the hidden text would hide. */
export function NewPasswordFields({
  form,
  hint,
}: {
  form: FormPart<'password' | 'password_confirmation'>;
  hint: string;
}) {
  return (
    <>
      <NewPasswordField form={form} label="New password" hint={hint} />
      <PasswordField
        label="New password again"
        name="password_confirmation"
        autoComplete="new-password"
        required
        value={form.values.password_confirmation}
        onValueChange={form.set('password_confirmation')}
        error={form.errors.password_confirmation}
      />
    </>
  );
}
