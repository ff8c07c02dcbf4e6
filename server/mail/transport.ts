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
        text: `${mail.link ? `${mail.body}\n\n${mail.link}` : mail.body}\n\n-- \n${signature(config)}\n`,
        html: renderHtml(mail, signature(config)),
      });
    },
  };
  transports.set(config, transport);
  return transport;
}

/** Who sends every e-mail: the company that runs the product, with its postal address (the law asks for it). */
const signature = (config: ServerConfig) =>
  `${config.productName} is run by ${[config.company.legalName, ...config.company.address].join(', ')}.`;

/** The HTML part: the same words, escaped, and the link as a link (the only one in the e-mail). */
function renderHtml(mail: Mail, signed: string): string {
  const link = mail.link ? `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>` : '';
  const footer = `<p style="color:#6d6784;font-size:12px">${escapeHtml(signed)}</p>`;
  return `<!doctype html><html><body><p>${escapeHtml(mail.body)}</p>${link}${footer}</body></html>`;
}
