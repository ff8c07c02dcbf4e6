import { useNavigate } from '@tanstack/react-router';
import { UserPlus } from 'lucide-react';
import { registerBody } from '../../../contract/auth';
import { register } from '../../api/auth';
import { config } from '../../config';
import { COOKIE_NAMES, getCookie } from '../../lib/cookies';
import { safeRedirect } from '../../lib/safeRedirect';
import { useHydrated } from '../../lib/useHydrated';
import { useAcceptSignIn } from '../../system/hooks/session';
import { Button } from '../../ui/Button';
import { Form } from '../../ui/form/Form';
import { FormAlert } from '../../ui/form/FormAlert';
import { useForm } from '../../ui/form/useForm';
import { SelectMenu } from '../../ui/SelectMenu';
import { SiteLink } from '../../ui/SiteLink';
import { AccountFields, AccountTerms } from './AccountFields';
import { AuthLayout } from './AuthLayout';

const SOURCES = [
  { value: '', label: 'Choose one (optional)' },
  { value: 'search', label: 'A search engine' },
  { value: 'colleague', label: 'A colleague or friend' },
  { value: 'sales-rep', label: `An ${config.productName} representative` },
  { value: 'social', label: 'Social media' },
  { value: 'event', label: 'An event or webinar' },
  { value: 'other', label: 'Somewhere else' },
] as const;

/** /register: a new account and its company. The rep code cookie, when set, is sent as rep_name. */
export function RegisterPage({
  redirect,
  source,
}: {
  redirect?: string | undefined;
  source?: string | undefined;
}) {
  const navigate = useNavigate();
  // A cookie the server does not read when it draws the page: shown once the browser has it.
  const repName = useHydrated() ? getCookie(COOKIE_NAMES.repCode) : null;
  const acceptSignIn = useAcceptSignIn();
  const form = useForm({
    initial: { firstname: '', lastname: '', company: '', email: '', password: '', source: source ?? '' },
    schema: registerBody,
    toBody: (values) => ({ ...values, source: values.source || undefined, rep_name: repName ?? undefined }),
    submit: register,
    onSuccess: (userData) => {
      acceptSignIn(userData, 'register');
      void navigate({ href: safeRedirect(redirect) ?? config.postLoginUrl, replace: true });
    },
  });
  return (
    <AuthLayout
      title="Create your account"
      intro={
        <>
          Already have one?{' '}
          <SiteLink href="/login" className="font-semibold text-primary-700 underline underline-offset-4">
            Sign in
          </SiteLink>
          .
        </>
      }
    >
      <Form onSubmit={form.onSubmit}>
        {form.alert ? <FormAlert tone="error">{form.alert}</FormAlert> : null}
        <AccountFields
          form={form}
          passwordHint="At least 10 characters. A few words you will remember works well."
        />
        <SelectMenu
          label="How did you hear about us?"
          value={form.values.source}
          options={SOURCES}
          onChange={form.set('source')}
        />
        {repName ? (
          <p className="rounded-xl bg-mint-50 px-4 py-3 text-sm text-mint-700">
            Your {config.productName} representative, <strong>{repName}</strong>, will be told when your
            account is ready.
          </p>
        ) : null}
        <AccountTerms />
        <Button type="submit" size="lg" disabled={form.submitting} className="self-end">
          <UserPlus aria-hidden="true" className="size-5" />
          {form.submitting ? 'Creating your account…' : 'Create account'}
        </Button>
      </Form>
    </AuthLayout>
  );
}
