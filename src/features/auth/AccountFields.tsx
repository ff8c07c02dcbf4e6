import { config } from '../../config';
import { PasswordField } from '../../ui/form/PasswordField';
import { TextField } from '../../ui/form/TextField';

type AccountField = 'firstname' | 'lastname' | 'company' | 'email' | 'password';

/** The part of a form (useForm) these fields need; the form may hold more fields. */
interface AccountForm {
  values: Record<AccountField, string>;
  set: (field: AccountField) => (value: string) => void;
  errors: Partial<Record<AccountField, string>>;
}

/** The fields of a new account (on /register and at checkout), bound to the form that owns them. */
export function AccountFields({ form, passwordHint }: { form: AccountForm; passwordHint: string }) {
  return (
    <>
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
      <TextField
        label="Company"
        name="company"
        autoComplete="organization"
        required
        value={form.values.company}
        onValueChange={form.set('company')}
        error={form.errors.company}
      />
      <TextField
        label="Work e-mail"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={form.values.email}
        onValueChange={form.set('email')}
        error={form.errors.email}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        value={form.values.password}
        onValueChange={form.set('password')}
        error={form.errors.password}
        hint={passwordHint}
      />
    </>
  );
}

const legalLink = 'font-semibold text-primary-700 underline';

/** What creating an account agrees to, with the documents opening in new tabs. */
export function AccountTerms() {
  return (
    <p className="text-sm text-ink-muted">
      By creating an account you agree to the{' '}
      <a href={config.termsUrl} target="_blank" rel="noopener" className={legalLink}>
        terms of service
      </a>{' '}
      and the{' '}
      <a href={config.privacyUrl} target="_blank" rel="noopener" className={legalLink}>
        privacy policy
      </a>
      .
    </p>
  );
}
