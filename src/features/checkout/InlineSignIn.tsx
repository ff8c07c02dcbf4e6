import { KeyRound, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { loginBody, registerBody } from '../../../contract/auth';
import { login, register } from '../../api/auth';
import { COOKIE_NAMES, getCookie } from '../../lib/cookies';
import { useAcceptSignIn } from '../../system/hooks/session';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { PasswordField } from '../../ui/form/PasswordField';
import { useForm } from '../../ui/form/useForm';
import { AccountFields, AccountTerms } from '../auth/AccountFields';
import { EmailField } from '../auth/EmailField';

function SignInForm() {
  const acceptSignIn = useAcceptSignIn();
  const form = useForm({
    initial: { email: '', password: '' },
    schema: loginBody,
    submit: login,
    onSuccess: (userData) => acceptSignIn(userData),
  });
  return (
    <form onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
      {form.alert ? <FormAlert tone="error">{form.alert}</FormAlert> : null}
      <EmailField value={form.values.email} onValueChange={form.set('email')} error={form.errors.email} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        value={form.values.password}
        onValueChange={form.set('password')}
        error={form.errors.password}
      />
      <Button type="submit" disabled={form.submitting} className="self-start">
        <KeyRound aria-hidden="true" className="size-4" />
        {form.submitting ? 'Signing in…' : 'Sign in and continue'}
      </Button>
    </form>
  );
}

function RegisterForm() {
  const acceptSignIn = useAcceptSignIn();
  const form = useForm({
    initial: { firstname: '', lastname: '', company: '', email: '', password: '' },
    schema: registerBody,
    // A sales representative's code (their link) counts here as on /register.
    toBody: (values) => ({ ...values, rep_name: getCookie(COOKIE_NAMES.repCode) ?? undefined }),
    submit: register,
    onSuccess: (userData) => acceptSignIn(userData, 'register'),
  });
  return (
    <form onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
      {form.alert ? <FormAlert tone="error">{form.alert}</FormAlert> : null}
      <AccountFields form={form} passwordHint="At least 10 characters." />
      <AccountTerms />
      <Button type="submit" disabled={form.submitting} className="self-start">
        <UserPlus aria-hidden="true" className="size-4" />
        {form.submitting ? 'Creating your account…' : 'Create account and continue'}
      </Button>
    </form>
  );
}

/** Checkout needs an account: sign in or create one here, without leaving the cart. */
export function InlineSignIn() {
  const [mode, setMode] = useState<'signin' | 'register'>('signin');
  return (
    <section
      aria-labelledby="checkout-account"
      className="rounded-3xl border border-primary-100 bg-white p-6 shadow-sm"
    >
      <h2 id="checkout-account" className="font-display text-2xl font-bold text-primary-900">
        Your account
      </h2>
      <p className="mt-1 text-ink-soft">
        Orders belong to an account, so you can follow them and upload your ads.
      </p>
      <fieldset className="my-5 grid grid-cols-2 gap-1 rounded-xl bg-primary-50 p-1">
        <legend className="sr-only">Sign in or create an account</legend>
        {(
          [
            ['signin', 'I have an account'],
            ['register', 'I am new here'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            onClick={() => setMode(value)}
            className="h-10 rounded-lg text-sm font-bold text-ink-soft aria-pressed:bg-white aria-pressed:text-primary-700 aria-pressed:shadow-sm"
          >
            {label}
          </button>
        ))}
      </fieldset>
      {mode === 'signin' ? <SignInForm /> : <RegisterForm />}
    </section>
  );
}
