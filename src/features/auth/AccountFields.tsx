import { config } from '../../config';
import { TextField } from '../../ui/form/TextField';
import { EmailField } from './EmailField';
import type { FormPart } from './formPart';
import { NameFields } from './NameFields';
import { NewPasswordField } from './NewPasswordFields';

/** The part of a form (useForm) these fields need; the form may hold more fields. */
type AccountForm = FormPart<'firstname' | 'lastname' | 'company' | 'email' | 'password'>;

/** The fields of a new account (on /register and at checkout), bound to the form that owns them. */
export function AccountFields({ form, passwordHint }: { form: AccountForm; passwordHint: string }) {
  return (
    <>
      <NameFields form={form} />
      <TextField
        label="Company"
        name="company"
        autoComplete="organization"
        required
        value={form.values.company}
        onValueChange={form.set('company')}
        error={form.errors.company}
      />
      <EmailField
        label="Work e-mail"
        value={form.values.email}
        onValueChange={form.set('email')}
        error={form.errors.email}
      />
      <NewPasswordField form={form} label="Password" hint={passwordHint} />
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
