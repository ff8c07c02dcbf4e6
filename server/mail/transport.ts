import { createTransport } from 'nodemailer';
import type { ServerConfig } from '../config';
import type { Mail } from './messages';
import { escapeHtml } from './text';

/** Something that delivers an e-mail, or throws. */
export interface MailTransport {
  send(mail: Mail): Promise<void>;
}

/** One transport per app (its configuration), so a pooled connection is not shared between apps. */
const transports = new WeakMap<ServerConfig, MailTransport>();

/** The SMTP transport of `SMTP_URL`, or null when e-mails stay in the outbox. */
export function smtpTransport(config: ServerConfig): MailTransport | null {
  if (!config.smtpUrl) return null;
  const known = transports.get(config);
  if (known) return known;
  const transporter = createTransport({
    url: config.smtpUrl,
    // Nodemailer waits minutes by default; an SMTP server that does not answer is a failed attempt.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const transport: MailTransport = {
    send: async (mail) => {
      await transporter.sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.link ? `${mail.body}\n\n${mail.link}\n` : `${mail.body}\n`,
        html: renderHtml(mail),
      });
    },
  };
  transports.set(config, transport);
  return transport;
}

/** The HTML part: the same words, escaped, and the link as a link (the only one in the e-mail). */
function renderHtml(mail: Mail): string {
  const link = mail.link ? `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>` : '';
  return `<!doctype html><html><body><p>${escapeHtml(mail.body)}</p>${link}</body></html>`;
}
