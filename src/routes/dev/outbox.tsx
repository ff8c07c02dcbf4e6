import { createFileRoute } from '@tanstack/react-router';
import { Inbox } from 'lucide-react';
import { fetchOutbox } from '../../api/auth';
import { EmptyState } from '../../features/dashboard/DashboardLayout';
import { FormAlert } from '../../ui/form/FormAlert';
import { PageMeta } from '../../ui/PageMeta';

/** Development: the e-mails the embedded API has "sent" (resets, invitations, sign-in links). */
export const Route = createFileRoute('/dev/outbox')({
  loader: () => fetchOutbox(),
  component: Outbox,
});

function Outbox() {
  const outbox = Route.useLoaderData();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      <PageMeta title="Outbox" />
      <h1 className="font-display text-3xl font-bold text-primary-900">Outbox</h1>
      <p className="text-ink-soft">
        E-mails the API would have sent, newest first. Shown only where the outbox is exposed.
      </p>
      {!outbox.ok ? (
        <FormAlert tone="error">{outbox.message}</FormAlert>
      ) : outbox.data.length === 0 ? (
        <EmptyState icon={<Inbox aria-hidden="true" className="size-7" />} title="No e-mails yet">
          <p>Register, ask for a password reset or invite a colleague, then come back.</p>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {outbox.data.map((mail) => (
            <li key={mail.id} className="rounded-2xl border border-primary-100 bg-white p-5 shadow-sm">
              <p className="text-sm text-ink-muted">
                To {mail.to} · {new Date(mail.created_at).toLocaleString('en-US')}
              </p>
              <h2 className="mt-1 font-bold text-ink">{mail.subject}</h2>
              <p className="mt-2 text-ink-soft">{mail.body}</p>
              {mail.link ? (
                <a
                  href={mail.link}
                  className="mt-3 inline-block font-semibold break-all text-primary-700 underline"
                >
                  {mail.link}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
