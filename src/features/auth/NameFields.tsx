import { TextField } from '../../ui/form/TextField';
import type { FormPart } from './formPart';

/** The first and last name of the person filling in the form (their own, so browsers fill them in). */
export function NameFields({ form }: { form: FormPart<'firstname' | 'lastname'> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="First name"
        name="firstname"
        autoComplete="given-name"
        required
        value={form.values.firstname}
        onValueChange={form.set('firstname')}
        error={form.errors.firstname}
      />
      <TextField
        label="Last name"
        name="lastname"
        autoComplete="family-name"
        required
        value={form.values.lastname}
        onValueChange={form.set('lastname')}
        error={form.errors.lastname}
      />
    </div>
  );
}
