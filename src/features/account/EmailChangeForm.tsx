import { MailCheck } from 'lucide-react';
import { type FormEvent, useCallback } from 'react';
import type { EmailChangeField } from '../../../machines/account/emailChange.machine';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { PasswordField } from '../../ui/form/PasswordField';
import { TextField } from '../../ui/form/TextField';
import {
  useEmailChangeActor,
  useEmailChangeAlert,
  useEmailChangeBusy,
  useEmailChangeErrors,
  useEmailChangeRefusals,
  useEmailChangeSent,
  useEmailChangeValues,
} from './useAccount';

/**
 * Changing the sign-in address: a link goes to the new address, and the address changes only when it
 * is opened. Until then the page says where the link went; the old address still signs in.
 */
export function EmailChangeForm({ email }: { email: string }) {
  const actor = useEmailChangeActor();
  const values = useEmailChangeValues(actor);
  const errors = useEmailChangeErrors(actor);
  const alert = useEmailChangeAlert(actor);
  const sent = useEmailChangeSent(actor);
  const busy = useEmailChangeBusy(actor);
  const refusals = useEmailChangeRefusals(actor);
  // Each refusal moves the focus to the first field in error, once it is rendered: a new callback
  // with each refusal, so React hands it the form again.
  const formRef = useCallback(
    (form: HTMLFormElement | null) => {
      if (form && refusals > 0) form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    },
    [refusals],
  );
  const field = (name: EmailChangeField) => ({
    name,
    value: values[name],
    error: errors[name],
    onValueChange: (value: string) => actor.send({ type: 'emailChange.fieldChanged', field: name, value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'emailChange.submit' });
  };
  return (
    <section aria-labelledby="email-heading" className="flex flex-col gap-4">
      <h2 id="email-heading" className="text-lg font-bold text-ink">
        Sign-in e-mail
      </h2>
      <p className="-mt-2 text-ink-soft [overflow-wrap:anywhere]">
        You sign in with <strong className="text-ink">{email}</strong>.
      </p>
      {sent ? (
        <div className="flex flex-col items-start gap-3">
          <FormAlert tone="success" takeFocus>
            <span className="inline-flex items-start gap-2">
              <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {sent.message}
            </span>
          </FormAlert>
          <Button variant="ghost" onClick={() => actor.send({ type: 'emailChange.again' })}>
            Use another address
          </Button>
        </div>
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
          {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="New e-mail" type="email" autoComplete="email" required {...field('email')} />
            <PasswordField
              label="Current password"
              autoComplete="current-password"
              required
              {...field('current_password')}
            />
          </div>
          <Button type="submit" variant="secondary" inactive={busy} className="self-start">
            {busy ? 'Sending the link…' : 'Send a confirmation link'}
          </Button>
        </form>
      )}
    </section>
  );
}
