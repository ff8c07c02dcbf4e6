import { Inbox } from 'lucide-react';
import type { OutboxMessage } from '../../../contract/auth';
import type { Result } from '../../api/result';
import { FormAlert } from '../../ui/form/FormAlert';
import { PageMeta } from '../../ui/PageMeta';
import { EmptyState } from '../dashboard/DashboardLayout';

const STATUS_LABEL: Record<string, string> = {
  kept: 'Kept in the outbox',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Not sent',
};

/** Development: the e-mails the API sent (SMTP_URL) or kept in its outbox, newest first. */
export function OutboxPage({
  outbox,
  hasKey,
  fileUrl,
}: {
  outbox: Result<OutboxMessage[]>;
  hasKey: boolean;
  /** Where the API shows a row's HTML part or one of its files. */
  fileUrl: (path: string) => string;
}) {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      <PageMeta title="Outbox" />
      <h1 className="font-display text-3xl font-bold text-primary-900">Outbox</h1>
      <p className="text-ink-soft">
        E-mails the API sent or kept, newest first. Open this page with the link the server printed when it
        started (<code>/dev/outbox?key=...</code>); it is off in production.
      </p>
      {!hasKey ? (
        <FormAlert tone="error">
          This page needs the outbox key: open the “Outbox:” link from the server’s output.
        </FormAlert>
      ) : !outbox.ok ? (
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
                To {mail.to} · {new Date(mail.created_at).toLocaleString('en-US')} ·{' '}
                {STATUS_LABEL[mail.status] ?? mail.status}
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
              {mail.html !== null || mail.attachments.length > 0 ? (
                <p className="mt-3 flex flex-wrap gap-4 text-sm">
                  {mail.html !== null ? (
                    <a
                      href={fileUrl(`outbox/${mail.id}.html`)}
                      className="font-semibold text-primary-700 underline"
                    >
                      The e-mail as sent (HTML)
                    </a>
                  ) : null}
                  {mail.attachments.map((file) => (
                    <a
                      key={file.id}
                      href={fileUrl(`outbox/${mail.id}/attachments/${file.id}`)}
                      className="font-semibold text-primary-700 underline"
                    >
                      {file.filename}
                    </a>
                  ))}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
