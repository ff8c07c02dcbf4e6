import { createFileRoute } from '@tanstack/react-router';
import { EmailConfirmPage } from '../features/account/EmailConfirmPage';
import { type RawSearch, text } from '../lib/searchParams';

export const Route = createFileRoute('/confirm-email')({
  // A missing code reads as empty, and the API says the link is not valid.
  validateSearch: (raw: RawSearch) => ({ code: text(raw.code, 100) ?? '' }),
  component: function ConfirmEmail() {
    const { code } = Route.useSearch();
    return <EmailConfirmPage key={code} code={code} />;
  },
});
