import { createFileRoute } from '@tanstack/react-router';
import { verifyReset } from '../api/auth';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { redirectSignedIn } from '../features/session/guards';
import { type RawSearch, text } from '../lib/searchParams';

/** A part of an e-mailed link; a missing one reads as empty and the API says the link is not valid. */
const linkPart = (value: unknown) => text(value, 100) ?? '';

export const Route = createFileRoute('/reset-password')({
  // The loader (and the API module it calls) loads with the page, not with the first route.
  codeSplitGroupings: [['loader', 'component']],
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
