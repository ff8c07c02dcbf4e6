import type { EmailSample } from '../../../contract/auth';
import type { Result } from '../../api/result';
import { FormAlert } from '../../ui/form/FormAlert';
import { PageMeta } from '../../ui/PageMeta';

const PREFERENCE_LABEL: Record<string, string> = {
  ad_reminders: 'Ad reminders',
  team_news: 'Team news',
  receipt_copies: 'A copy of receipts',
};

const whoMayStop = (sample: EmailSample) =>
  sample.preference
    ? `${sample.essential ? 'Always sent; the copy to someone else follows' : 'Turned off by'} “${PREFERENCE_LABEL[sample.preference] ?? sample.preference}”`
    : 'Always sent';

/**
 * Development: every e-mail the product sends, from its sample: the subject, the HTML part in a
 * sandboxed frame (the API serves it with its own policy) beside the text part, and its files.
 */
export function EmailsPage({
  emails,
  hasKey,
  htmlUrl,
}: {
  emails: Result<EmailSample[]>;
  hasKey: boolean;
  htmlUrl: (kind: string) => string;
}) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <PageMeta title="E-mails" />
      <h1 className="font-display text-3xl font-bold text-primary-900">E-mails</h1>
      <p className="text-ink-soft">
        Every e-mail the product sends, shown with sample values. Open this page with the outbox key the
        server printed when it started (<code>/dev/emails?key=...</code>); it is off in production.
      </p>
      {!hasKey ? (
        <FormAlert tone="error">
          This page needs the outbox key: open the “Outbox:” link from the server’s output.
        </FormAlert>
      ) : !emails.ok ? (
        <FormAlert tone="error">{emails.message}</FormAlert>
      ) : (
        <ul className="flex flex-col gap-8">
          {emails.data.map((sample) => (
            <li key={sample.kind} className="rounded-2xl border border-primary-100 bg-white p-5 shadow-sm">
              <p className="text-sm text-ink-muted">
                {sample.kind} · {whoMayStop(sample)}
              </p>
              <h2 className="mt-1 font-bold text-ink">{sample.subject}</h2>
              {sample.attachments.length > 0 ? (
                <p className="mt-1 text-sm text-ink-soft">Attached: {sample.attachments.join(', ')}</p>
              ) : null}
              <div className="mt-3 grid gap-4 lg:grid-cols-2">
                <iframe
                  title={`${sample.subject} (HTML)`}
                  src={htmlUrl(sample.kind)}
                  sandbox=""
                  className="h-[32rem] w-full rounded-lg border border-primary-100"
                />
                <pre className="h-[32rem] overflow-auto rounded-lg bg-primary-50 p-3 text-sm whitespace-pre-wrap text-ink">
                  {sample.text}
                </pre>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
