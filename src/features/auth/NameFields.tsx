import { TextField } from '../../ui/form/TextField';
import type { FormPart } from './formPart';

/**
 * A first and last name. The person's own (the default): required, and filled in by the browser.
 * `ofSomeoneElse` (a colleague being invited): optional, and the browser is not asked to fill them in
 * with the person's own name.
 */
export function NameFields({
  form,
  ofSomeoneElse = false,
}: {
  form: FormPart<'firstname' | 'lastname'>;
  ofSomeoneElse?: boolean;
}) {
  const own = !ofSomeoneElse;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="First name"
        name="firstname"
        autoComplete={own ? 'given-name' : undefined}
        required={own}
        value={form.values.firstname}
        onValueChange={form.set('firstname')}
        error={form.errors.firstname}
      />
      <TextField
        label="Last name"
        name="lastname"
        autoComplete={own ? 'family-name' : undefined}
        required={own}
        value={form.values.lastname}
        onValueChange={form.set('lastname')}
        error={form.errors.lastname}
      />
    </div>
  );
}
