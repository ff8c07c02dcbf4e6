import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import {
  selectConfirmedEmail,
  selectEmailConfirmError,
  selectEmailConfirmStatus,
} from '../../../machines/account/emailConfirm.machine';
import { useLoadedApp } from '../../system/AppContext';
import { emailConfirmLogic } from '../../system/account';
import { useIsSignedIn } from '../../system/hooks/session';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { ButtonLink } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { Spinner } from '../../ui/Spinner';
import { AuthLayout } from '../auth/AuthLayout';

/** /confirm-email?code=: the link e-mailed to a new address; opening it makes the change. */
export function EmailConfirmPage({ code }: { code: string }) {
  const app = useLoadedApp();
  const actor = useFlowActor(() =>
    createActor(emailConfirmLogic(app), { ...app.actorOptions, input: { code } }),
  );
  const status = useSelector(actor, selectEmailConfirmStatus);
  const email = useSelector(actor, selectConfirmedEmail);
  const error = useSelector(actor, selectEmailConfirmError);
  const signedIn = useIsSignedIn();
  if (status === 'confirming') {
    return (
      <AuthLayout title="Confirming your new address">
        <Spinner label="Confirming your new e-mail address" />
      </AuthLayout>
    );
  }
  if (status === 'failed') {
    return (
      <AuthLayout title="This link does not work">
        <div className="flex flex-col gap-4">
          <FormAlert tone="error">{error}</FormAlert>
          <ButtonLink href="/account/profile" size="lg" className="self-start">
            Go to your account
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Your e-mail address is changed">
      <div className="flex flex-col gap-4">
        <FormAlert tone="success" takeFocus>
          From now on you sign in with {email}.
        </FormAlert>
        <ButtonLink
          href={signedIn ? '/account/profile' : `/login?email=${encodeURIComponent(email ?? '')}`}
          size="lg"
          className="self-start"
        >
          {signedIn ? 'Back to your account' : 'Sign in'}
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}
