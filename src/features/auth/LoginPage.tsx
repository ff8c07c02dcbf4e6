import { useNavigate } from '@tanstack/react-router';
import { KeyRound, Mail } from 'lucide-react';
import { useState } from 'react';
import { emailBody, loginBody } from '../../../contract/auth';
import { login, sendSignInLink } from '../../api/auth';
import { config } from '../../config';
import { safeRedirect } from '../../lib/safeRedirect';
import { useAcceptSignIn } from '../../system/hooks/session';
import { useAccessRemovedFrom } from '../../system/hooks/signOutNotice';
import { Button } from '../../ui/Button';
import { Form } from '../../ui/form/Form';
import { FormAlert } from '../../ui/form/FormAlert';
import { PasswordField } from '../../ui/form/PasswordField';
import { useForm } from '../../ui/form/useForm';
import { SiteLink } from '../../ui/SiteLink';
import { AuthLayout } from './AuthLayout';
import { EmailField } from './EmailField';
import type { FormPart } from './formPart';

export interface LoginPageProps {
  mode: 'password' | 'link';
  redirect?: string | undefined;
  email?: string | undefined;
  onModeChange: (mode: 'password' | 'link') => void;
}

/** The e-mail typed in one mode is kept when switching to the other. */
interface SharedEmail {
  email: string;
  onEmailChange: (email: string) => void;
}

/** Either form's e-mail box: what is typed in it is kept for the other mode too. */
function SharedEmailField({
  form,
  onEmailChange,
  hint,
}: Pick<SharedEmail, 'onEmailChange'> & { form: FormPart<'email'>; hint?: string }) {
  return (
    <EmailField
      value={form.values.email}
      onValueChange={(value) => {
        form.set('email')(value);
        onEmailChange(value);
      }}
      error={form.errors.email}
      hint={hint}
    />
  );
}

const withRedirect = (path: string, redirect: string | undefined) =>
  redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;

function PasswordForm({ redirect, email, onEmailChange }: SharedEmail & { redirect?: string | undefined }) {
  const navigate = useNavigate();
  const acceptSignIn = useAcceptSignIn();
  const form = useForm({
    initial: { email, password: '' },
    schema: loginBody,
    submit: login,
    onSuccess: (userData) => {
      acceptSignIn(userData);
      void navigate({ href: safeRedirect(redirect) ?? config.postLoginUrl, replace: true });
    },
  });
  return (
    <Form onSubmit={form.onSubmit}>
      {form.alert ? <FormAlert tone="error">{form.alert}</FormAlert> : null}
      <SharedEmailField form={form} onEmailChange={onEmailChange} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        value={form.values.password}
        onValueChange={form.set('password')}
        error={form.errors.password}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SiteLink
          href={email ? `/password-reset?email=${encodeURIComponent(email)}` : '/password-reset'}
          className="text-sm font-semibold text-primary-700 underline-offset-4 hover:underline"
        >
          Forgot your password?
        </SiteLink>
        <Button type="submit" size="lg" disabled={form.submitting} aria-busy={form.submitting}>
          <KeyRound aria-hidden="true" className="size-5" />
          {form.submitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </div>
    </Form>
  );
}

function LinkForm({ email, onEmailChange }: SharedEmail) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    initial: { email },
    schema: emailBody,
    submit: (body: { email: string }) => sendSignInLink(body.email),
    onSuccess: (_, message) => setSent(message),
  });
  if (sent) {
    return (
      <FormAlert tone="success" takeFocus>
        {sent}
      </FormAlert>
    );
  }
  return (
    <Form onSubmit={form.onSubmit}>
      {form.alert ? <FormAlert tone="error">{form.alert}</FormAlert> : null}
      <SharedEmailField
        form={form}
        onEmailChange={onEmailChange}
        hint="We e-mail you a link that signs you in once, for two days."
      />
      <Button type="submit" size="lg" disabled={form.submitting} className="self-end">
        <Mail aria-hidden="true" className="size-5" />
        {form.submitting ? 'Sending…' : 'E-mail me a sign-in link'}
      </Button>
    </Form>
  );
}

/** /login: password sign-in, or a one-time link by e-mail (`?m=link`, switched without reloading). */
export function LoginPage({ mode, redirect, email: initialEmail, onModeChange }: LoginPageProps) {
  const [email, setEmail] = useState(initialEmail ?? '');
  const removedFrom = useAccessRemovedFrom();
  return (
    <AuthLayout
      title={`Sign in to ${config.productName}`}
      intro={
        <>
          New here?{' '}
          <SiteLink
            href={withRedirect('/register', redirect)}
            className="font-semibold text-primary-700 underline underline-offset-4"
          >
            Create an account
          </SiteLink>{' '}
          in a minute.
        </>
      }
    >
      {removedFrom ? (
        <div className="mb-6">
          <FormAlert tone="error">
            Your access to {removedFrom} was removed, so you were signed out. If you still need it, ask its
            owner or an admin to invite you again.
          </FormAlert>
        </div>
      ) : null}
      <fieldset className="mb-6 grid grid-cols-2 gap-1 rounded-xl bg-primary-50 p-1">
        <legend className="sr-only">How to sign in</legend>
        {(['password', 'link'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={mode === option}
            onClick={() => onModeChange(option)}
            className="h-10 rounded-lg text-sm font-bold text-ink-soft aria-pressed:bg-white aria-pressed:text-primary-700 aria-pressed:shadow-sm"
          >
            {option === 'password' ? 'With a password' : 'With an e-mailed link'}
          </button>
        ))}
      </fieldset>
      {mode === 'password' ? (
        <PasswordForm redirect={redirect} email={email} onEmailChange={setEmail} />
      ) : (
        <LinkForm email={email} onEmailChange={setEmail} />
      )}
    </AuthLayout>
  );
}
