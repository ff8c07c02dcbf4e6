import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { safeRedirect } from '../../../lib/safeRedirect';
import { staffSessionActor } from '../../../system/admin/session';
import { Button } from '../../../ui/Button';
import { Form } from '../../../ui/form/Form';
import { FormAlert } from '../../../ui/form/FormAlert';
import { PasswordField } from '../../../ui/form/PasswordField';
import { TextField } from '../../../ui/form/TextField';
import { RedirectTo } from '../shell/RedirectTo';
import { StaffAuthCard } from './StaffAuthCard';

/** /admin/login: e-mail, password and the authenticator's code; a lock is waited out here. */
export function StaffLoginPage({ redirect }: { redirect?: string | undefined }) {
  const actor = staffSessionActor();
  const state = useSelector(actor, (s) =>
    s.matches('signedIn')
      ? 'signedIn'
      : s.matches('lockedOut')
        ? 'locked'
        : s.hasTag('busy')
          ? 'busy'
          : 'form',
  );
  const error = useSelector(actor, (s) => s.context.error);
  const notice = useSelector(actor, (s) => s.context.notice);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  if (state === 'signedIn') {
    // Signed in: on to where they were going, the router's own redirect on render.
    const target = safeRedirect(redirect);
    return <RedirectTo href={target?.startsWith('/admin') ? target : '/admin/orders'} />;
  }
  return (
    <StaffAuthCard title="Back office sign-in">
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (state !== 'form') return;
          setCode('');
          actor.send({ type: 'staff.signIn', email, password, code: code.trim() });
        }}
      >
        {notice && !error ? <FormAlert tone="error">{notice}</FormAlert> : null}
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onValueChange={setEmail}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <TextField
          label="Code from your authenticator app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          value={code}
          onValueChange={setCode}
        />
        <Button type="submit" size="lg" inactive={state !== 'form'}>
          Sign in
        </Button>
      </Form>
    </StaffAuthCard>
  );
}
