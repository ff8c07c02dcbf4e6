import { useNavigate } from '@tanstack/react-router';
import { UserPlus } from 'lucide-react';
import { type ColleagueInvite, colleagueCreateBody } from '../../../contract/auth';
import { createColleague } from '../../api/auth';
import type { Result } from '../../api/result';
import { config } from '../../config';
import { useAcceptSignIn } from '../../system/hooks/session';
import { Button, ButtonLink } from '../../ui/Button';
import { Form } from '../../ui/form/Form';
import { FormAlert } from '../../ui/form/FormAlert';
import { useForm } from '../../ui/form/useForm';
import { AuthLayout } from './AuthLayout';
import { EmailField } from './EmailField';
import { NameFields } from './NameFields';
import { NewPasswordField } from './NewPasswordFields';

export interface JoinPageProps {
  uuid: string;
  coid: string;
  /** The answer of POST /colleague/validate for this link. */
  invite: Result<ColleagueInvite>;
}

function JoinForm({ uuid, coid, invite }: { uuid: string; coid: string; invite: ColleagueInvite }) {
  const navigate = useNavigate();
  const acceptSignIn = useAcceptSignIn();
  const form = useForm({
    initial: {
      firstname: invite.firstname ?? '',
      lastname: invite.lastname ?? '',
      email: invite.email,
      password: '',
    },
    schema: colleagueCreateBody,
    toBody: (values) => ({ ...values, uuid, coid }),
    submit: createColleague,
    onSuccess: (userData) => {
      acceptSignIn(userData, 'register');
      void navigate({ href: config.postLoginUrl, replace: true });
    },
  });
  return (
    <Form onSubmit={form.onSubmit}>
      {form.alert ? <FormAlert tone="error">{form.alert}</FormAlert> : null}
      <NameFields form={form} />
      <EmailField
        label="Work e-mail"
        readOnly
        value={form.values.email}
        onValueChange={form.set('email')}
        error={form.errors.email}
        hint="The invitation was sent to this address; your account uses it."
      />
      <NewPasswordField form={form} label="Password" hint="At least 10 characters." />
      <Button type="submit" size="lg" disabled={form.submitting} className="self-end">
        <UserPlus aria-hidden="true" className="size-5" />
        {form.submitting ? 'Joining…' : `Join ${invite.company}`}
      </Button>
    </Form>
  );
}

/** The colleague invitation page (`/join?uuid=...&coid=...`): validate the link, then create the account. */
export function JoinPage({ uuid, coid, invite }: JoinPageProps) {
  if (!invite.ok) {
    return (
      <AuthLayout title="This invitation does not work">
        <div className="flex flex-col gap-4">
          <FormAlert tone="error">{invite.message || 'This invitation link is not valid.'}</FormAlert>
          <ButtonLink href="/login" size="lg" variant="secondary" className="self-start">
            Go to sign in
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={`Join ${invite.data.company}`}
      intro={`Your colleague invited you to buy advertising together on ${config.productName}.`}
    >
      <JoinForm uuid={uuid} coid={coid} invite={invite.data} />
    </AuthLayout>
  );
}
