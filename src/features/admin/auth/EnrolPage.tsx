import { useSelector } from '@xstate/react';
import { Suspense, use, useState } from 'react';
import { createActor } from 'xstate';
import { enrolmentLogic } from '../../../system/admin/enrolment';
import { useFlowActor } from '../../../system/hooks/useFlowActor';
import { Button } from '../../../ui/Button';
import { Form } from '../../../ui/form/Form';
import { FormAlert } from '../../../ui/form/FormAlert';
import { PasswordField } from '../../../ui/form/PasswordField';
import { TextField } from '../../../ui/form/TextField';
import { SiteLink } from '../../../ui/SiteLink';
import { StaffAuthCard } from './StaffAuthCard';

/** The key in groups of four, as authenticator apps ask for it typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The QR code of the otpauth URI drawn as SVG, or 'failed' when the qrcode chunk could not be loaded
 * (the key below still works): one promise, so `use` reads the same one on every render. Only the
 * last URI is kept: it holds the secret, and nothing of an earlier enrolment stays in the tab.
 */
let drawing: { otpauth: string; svg: Promise<string | 'failed'> } | null = null;
const drawingOf = (otpauth: string) => {
  if (drawing?.otpauth !== otpauth) {
    const svg = import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toString(otpauth, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
      )
      .catch(() => 'failed' as const);
    drawing = { otpauth, svg };
  }
  return drawing.svg;
};

/** The QR code of the otpauth URI, drawn here (qrcode is loaded with this page only). */
function QrCode({ otpauth }: { otpauth: string }) {
  const svg = use(drawingOf(otpauth));
  if (svg === 'failed')
    return (
      <p role="status" className="font-semibold text-ink">
        The QR code could not be shown: enter the key below in your authenticator app instead.
      </p>
    );
  return (
    <img
      src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
      alt="QR code for your authenticator app"
      className="size-56 rounded-xl border border-primary-100"
    />
  );
}

function Enrolled({ otpauth }: { otpauth: string }) {
  const secret = new URL(otpauth).searchParams.get('secret') ?? '';
  return (
    <div className="flex flex-col items-start gap-4">
      <h2 className="font-display text-xl font-bold text-primary-900">Scan this code</h2>
      <p className="text-ink-soft">
        Scan it with your authenticator app (Google Authenticator, 1Password, Authy…). It is shown this once:
        the app then gives you the code you sign in with.
      </p>
      <Suspense fallback={<div className="size-56 animate-pulse rounded-xl bg-primary-50" />}>
        <QrCode otpauth={otpauth} />
      </Suspense>
      <p className="text-sm text-ink-soft">
        Can't scan it? Enter this key:{' '}
        <code className="block pt-1 font-mono text-base font-bold tracking-wider text-ink">
          {grouped(secret)}
        </code>
      </p>
      <SiteLink href="/admin/login" className="font-semibold text-primary-700 underline">
        Go to sign-in
      </SiteLink>
    </div>
  );
}

/** /admin/setup?token= and /admin/join?token=: the form, then the authenticator's QR code. */
export function EnrolPage({ kind, token }: { kind: 'setup' | 'join'; token: string }) {
  const actor = useFlowActor(() => createActor(enrolmentLogic(), { input: { kind, token } }));
  const state = useSelector(actor, (s) =>
    s.matches('enrolled')
      ? 'enrolled'
      : s.matches('unusable')
        ? 'unusable'
        : s.matches('loadingInvitation')
          ? 'loading'
          : 'form',
  );
  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const title = kind === 'setup' ? 'Set up the back office' : 'Join the back office';

  if (state === 'enrolled' && context.otpauth)
    return (
      <StaffAuthCard title={title}>
        <Enrolled otpauth={context.otpauth} />
      </StaffAuthCard>
    );
  return (
    <StaffAuthCard title={title}>
      {state === 'unusable' ? (
        <div className="flex flex-col gap-4">
          <FormAlert tone="error">{context.message}</FormAlert>
          <SiteLink href="/admin/login" className="font-semibold text-primary-700 underline">
            Go to sign-in
          </SiteLink>
        </div>
      ) : state === 'loading' ? (
        <p className="text-ink-soft">Reading your invitation…</p>
      ) : (
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            if (busy) return;
            actor.send({ type: 'enrolment.submit', name, password, ...(kind === 'setup' ? { email } : {}) });
          }}
        >
          {context.invitation ? (
            // A long address breaks anywhere rather than widening a phone's page.
            <p className="text-ink-soft [overflow-wrap:anywhere]">
              You are invited as <strong>{context.invitation.role}</strong> with {context.invitation.email}.
            </p>
          ) : null}
          {context.message ? <FormAlert tone="error">{context.message}</FormAlert> : null}
          <TextField
            label="Your name"
            name="name"
            autoComplete="name"
            required
            value={name}
            onValueChange={setName}
            error={context.errors.name}
          />
          {kind === 'setup' ? (
            <TextField
              label="E-mail"
              name="email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onValueChange={setEmail}
              error={context.errors.email}
            />
          ) : null}
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            required
            value={password}
            onValueChange={setPassword}
            error={context.errors.password}
          />
          <Button type="submit" size="lg" inactive={busy}>
            Create the account
          </Button>
        </Form>
      )}
    </StaffAuthCard>
  );
}
