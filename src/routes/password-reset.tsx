import { createFileRoute } from '@tanstack/react-router';
import { PasswordResetPage } from '../features/auth/PasswordResetPage';
import { redirectSignedIn } from '../features/session/guards';
import { type RawSearch, text } from '../lib/searchParams';

export const Route = createFileRoute('/password-reset')({
  validateSearch: (raw: RawSearch): { email?: string | undefined } => ({ email: text(raw.email, 254) }),
  beforeLoad: ({ context }) => redirectSignedIn(context.app),
  component: PasswordReset,
});

function PasswordReset() {
  const { email } = Route.useSearch();
  return <PasswordResetPage email={email} />;
}
