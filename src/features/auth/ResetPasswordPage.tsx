import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { resetPasswordBody } from '../../../contract/auth';
import { resetPassword } from '../../api/auth';
import type { Result } from '../../api/result';
import { Button, ButtonLink } from '../../ui/Button';
import { Form } from '../../ui/form/Form';
import { FormAlert } from '../../ui/form/FormAlert';
import { useForm } from '../../ui/form/useForm';
import { AuthLayout } from './AuthLayout';
import { NewPasswordFields } from './NewPasswordFields';

export interface ResetPasswordPageProps {
  tok: string;
  resetcode: string;
  /** The answer of GET /resetverify for this link. */
  verified: Result<{ email: string }>;
}

/** /reset-password?tok=...&resetcode=...: chooses a new password with a link from the e-mail. */
export function ResetPasswordPage({ tok, resetcode, verified }: ResetPasswordPageProps) {
  const [done, setDone] = useState<{ email: string; message: string } | null>(null);
  const form = useForm({
    initial: { password: '', password_confirmation: '' },
    schema: resetPasswordBody,
    toBody: (values) => ({ ...values, tok, resetcode }),
    submit: resetPassword,
    onSuccess: (data, message) => setDone({ email: data.email, message }),
  });

  if (!verified.ok) {
    return (
      <AuthLayout title="This link does not work">
        <div className="flex flex-col gap-4">
          <FormAlert tone="error">{verified.message || 'This reset link is not valid.'}</FormAlert>
          <ButtonLink href="/password-reset" size="lg" className="self-start">
            Ask for a new link
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }
  if (done) {
    return (
      <AuthLayout title="Password changed">
        <div className="flex flex-col gap-4">
          <FormAlert tone="success">{done.message}</FormAlert>
          <ButtonLink
            href={`/login?email=${encodeURIComponent(done.email)}`}
            size="lg"
            className="self-start"
          >
            Sign in
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Choose a new password"
      intro={<>For {verified.data.email}. Signing in elsewhere ends when you change it.</>}
    >
      <Form onSubmit={form.onSubmit}>
        {form.alert ? <FormAlert tone="error">{form.alert}</FormAlert> : null}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={verified.data.email}
          readOnly
          hidden
        />
        <NewPasswordFields form={form} hint="At least 10 characters." />
        <Button type="submit" size="lg" disabled={form.submitting} className="self-end">
          <KeyRound aria-hidden="true" className="size-5" />
          {form.submitting ? 'Saving…' : 'Save new password'}
        </Button>
      </Form>
    </AuthLayout>
  );
}
