import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../features/auth/RegisterPage';
import { redirectSignedIn } from '../features/session/guards';
import { type RawSearch, text } from '../lib/searchParams';

export const Route = createFileRoute('/register')({
  validateSearch: (raw: RawSearch): { redirect?: string | undefined; source?: string | undefined } => ({
    redirect: text(raw.redirect, 2000),
    /** Where the visitor came from (a campaign, a partner), sent as the optional `source`. */
    source: text(raw.source, 120),
  }),
  beforeLoad: ({ context, search }) => redirectSignedIn(context.app, search.redirect),
  component: Register,
});

function Register() {
  const { redirect, source } = Route.useSearch();
  return <RegisterPage redirect={redirect} source={source} />;
}
