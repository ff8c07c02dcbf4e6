import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { redirectSignedIn } from '../features/session/guards';
import { oneOf, type RawSearch, text } from '../lib/searchParams';

interface LoginSearch {
  m?: 'password' | 'link' | undefined;
  /** Where to go after signing in (a path inside the app). */
  redirect?: string | undefined;
  email?: string | undefined;
}

export const Route = createFileRoute('/login')({
  validateSearch: (raw: RawSearch): LoginSearch => ({
    /** The page's mode: password (default) or an e-mailed one-time link. */
    m: oneOf(raw.m, ['password', 'link']),
    redirect: text(raw.redirect, 2000),
    email: text(raw.email, 254),
  }),
  beforeLoad: ({ context, search }) => redirectSignedIn(context.app, search.redirect),
  component: Login,
});

function Login() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LoginPage
      mode={search.m ?? 'password'}
      redirect={search.redirect}
      email={search.email}
      // `m` is set without reloading: the same page, another mode, the address bar kept in step.
      onModeChange={(m) =>
        void navigate({ search: (s) => ({ ...s, m: m === 'password' ? undefined : m }), replace: true })
      }
    />
  );
}
