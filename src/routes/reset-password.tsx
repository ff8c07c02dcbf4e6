import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { redirectSignedIn } from '../features/session/guards';
import { type RawSearch, text } from '../lib/searchParams';

// The API module loads with the page that needs it, not in the first script (the loader is there).
const verifyReset = async (...args: Parameters<typeof import('../api/auth').verifyReset>) =>
  (await import('../api/auth')).verifyReset(...args);

/** A part of an e-mailed link; a missing one reads as empty and the API says the link is not valid. */
const linkPart = (value: unknown) => text(value, 100) ?? '';

export const Route = createFileRoute('/reset-password')({
  validateSearch: (raw: RawSearch) => ({ tok: linkPart(raw.tok), resetcode: linkPart(raw.resetcode) }),
  beforeLoad: ({ context }) => redirectSignedIn(context.app),
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => verifyReset(deps.tok, deps.resetcode),
  component: ResetPassword,
});

function ResetPassword() {
  const { tok, resetcode } = Route.useSearch();
  const verified = Route.useLoaderData();
  return <ResetPasswordPage tok={tok} resetcode={resetcode} verified={verified} />;
}
