import { Send } from 'lucide-react';
import { useState } from 'react';
import { emailBody } from '../../../contract/auth';
import { forgotPassword } from '../../api/auth';
import { Button } from '../../ui/Button';
import { Form } from '../../ui/form/Form';
import { FormAlert } from '../../ui/form/FormAlert';
import { TextField } from '../../ui/form/TextField';
import { useForm } from '../../ui/form/useForm';
import { SiteLink } from '../../ui/SiteLink';
import { AuthLayout } from './AuthLayout';

/** /password-reset: asks for a reset link by e-mail. */
export function PasswordResetPage({ email }: { email?: string | undefined }) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    initial: { email: email ?? '' },
    schema: emailBody,
    submit: (body: { email: string }) => forgotPassword(body.email),
    onSuccess: (_, message) => setSent(message),
  });
  return (
    <AuthLayout title="Reset your password" intro="We e-mail you a link to choose a new one.">
      {sent ? (
        <div className="flex flex-col gap-4">
          <FormAlert tone="success" takeFocus>
            {sent}
          </FormAlert>
          <p className="text-sm text-ink-soft">
            No e-mail after a few minutes? Check the spam folder, or{' '}
            <button
              type="button"
              onClick={() => setSent(null)}
              className="font-semibold text-primary-700 underline"
            >
              try another address
            </button>
            .
          </p>
        </div>
      ) : (
        <Form onSubmit={form.onSubmit}>
          {form.alert ? <FormAlert tone="error">{form.alert}</FormAlert> : null}
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={form.values.email}
            onValueChange={form.set('email')}
            error={form.errors.email}
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <SiteLink
              href="/login"
              className="text-sm font-semibold text-primary-700 underline-offset-4 hover:underline"
            >
              Back to sign in
            </SiteLink>
            <Button type="submit" size="lg" disabled={form.submitting}>
              <Send aria-hidden="true" className="size-5" />
              {form.submitting ? 'Sending…' : 'E-mail me a link'}
            </Button>
          </div>
        </Form>
      )}
    </AuthLayout>
  );
}
