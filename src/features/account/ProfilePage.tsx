import { LogOut } from 'lucide-react';
import { userData } from '../../../contract/auth';
import { ROLE_LABELS } from '../../../contract/roleWords';
import { useSignOut, useUserData } from '../../system/hooks/session';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { ChangePasswordForm } from '../dashboard/ChangePasswordForm';
import { DashboardSection } from '../dashboard/DashboardLayout';
import { AvatarPicker } from './AvatarPicker';
import { EmailChangeForm } from './EmailChangeForm';
import { ProfileForm } from './ProfileForm';

/** /account/profile: picture, details, sign-in e-mail, password, and signing out. */
export function ProfilePage() {
  const partial = useUserData();
  const signOut = useSignOut();
  // The session's user data is whole once the profile has loaded (a sign-in answer or GET /me).
  const parsed = userData.safeParse(partial);
  const user = parsed.success ? parsed.data : null;
  return (
    <DashboardSection
      title="Account"
      intro={
        user
          ? `Your sign-in and your details. You are ${user.role === 'member' ? 'a' : 'an'} ${ROLE_LABELS[user.role].toLowerCase()} of ${user.company}.`
          : 'Your sign-in and your details.'
      }
    >
      {user ? (
        <div className="flex flex-col gap-8">
          <AvatarPicker />
          <div className="border-t border-primary-50 pt-6">
            {/* Keyed by the account: another person's sign-in starts from their own details. */}
            <ProfileForm key={user.uuid} user={user} />
          </div>
          <div className="border-t border-primary-50 pt-6">
            <EmailChangeForm email={user.email} />
          </div>
          <div className="border-t border-primary-50 pt-6">
            <ChangePasswordForm email={user.email} />
          </div>
          <div className="border-t border-primary-50 pt-6">
            <Button variant="secondary" onClick={signOut}>
              <LogOut aria-hidden="true" className="size-4" />
              Sign out
            </Button>
          </div>
        </div>
      ) : (
        <Spinner label="Loading your account" />
      )}
    </DashboardSection>
  );
}
