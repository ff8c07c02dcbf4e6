import { createFileRoute } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { ChangePasswordForm } from '../../../features/dashboard/ChangePasswordForm';
import { DashboardSection } from '../../../features/dashboard/DashboardLayout';
import { useSignOut, useUserData } from '../../../system/hooks/session';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';

export const Route = createFileRoute('/_dashboard/account/profile')({ component: Profile });

function Profile() {
  const user = useUserData();
  const signOut = useSignOut();
  const rows = [
    ['Name', user?.fullname],
    ['Company', user?.company],
    ['E-mail', user?.email],
  ] as const;
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
      <div className="mt-8 border-t border-primary-50 pt-6">
        <ChangePasswordForm email={user?.email ?? ''} />
      </div>
      <div className="mt-8 border-t border-primary-50 pt-6">
        <Button variant="secondary" onClick={signOut}>
          <LogOut aria-hidden="true" className="size-4" />
          Sign out
        </Button>
      </div>
    </DashboardSection>
  );
}
