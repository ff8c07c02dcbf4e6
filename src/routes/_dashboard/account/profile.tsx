import { createFileRoute } from '@tanstack/react-router';
import { KeyRound, LogOut } from 'lucide-react';
import { useState } from 'react';
import { forgotPassword } from '../../../api/auth';
import { DashboardSection } from '../../../features/dashboard/DashboardLayout';
import { signOut, useUserData } from '../../../features/session/useSession';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { FormAlert } from '../../../ui/form/FormAlert';

export const Route = createFileRoute('/_dashboard/account/profile')({ component: Profile });

type ResetState = { state: 'idle' | 'sending' } | { state: 'done'; ok: boolean; message: string };

function Profile() {
  const user = useUserData();
  const [reset, setReset] = useState<ResetState>({ state: 'idle' });
  const rows = [
    ['Name', user?.fullname],
    ['Company', user?.company],
    ['E-mail', user?.email],
  ] as const;

  // Signed-in customers are sent away from /password-reset, so the link comes to them by e-mail.
  const sendResetLink = async () => {
    if (!user?.email) return;
    setReset({ state: 'sending' });
    try {
      const result = await forgotPassword(user.email);
      setReset({ state: 'done', ok: result.ok, message: result.message || 'The e-mail could not be sent.' });
    } catch (error) {
      setReset({
        state: 'done',
        ok: false,
        message: error instanceof Error ? error.message : 'The e-mail could not be sent.',
      });
    }
  };

  return (
    <DashboardSection title="Account" intro="Your sign-in and the company you buy for.">
      <div className="flex items-center gap-4">
        <Avatar name={user?.fullname ?? ''} src={user?.avatar} size="lg" />
        <p className="text-xl font-bold text-ink">{user?.fullname}</p>
      </div>
      <dl className="mt-6 grid gap-4 tb:grid-cols-[10rem_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-ink-muted">{term}</dt>
            <dd className="text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {reset.state === 'done' ? (
        <div className="mt-6">
          <FormAlert tone={reset.ok ? 'success' : 'error'}>{reset.message}</FormAlert>
        </div>
      ) : null}
      <div className="mt-8 flex flex-wrap items-center gap-4 border-t border-primary-50 pt-6">
        <Button variant="secondary" disabled={reset.state === 'sending'} onClick={() => void sendResetLink()}>
          <KeyRound aria-hidden="true" className="size-4" />
          {reset.state === 'sending' ? 'Sending…' : 'E-mail me a link to change my password'}
        </Button>
        <Button variant="ghost" onClick={signOut}>
          <LogOut aria-hidden="true" className="size-4" />
          Sign out
        </Button>
      </div>
    </DashboardSection>
  );
}
