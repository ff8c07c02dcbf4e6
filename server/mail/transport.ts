import { createTransport } from 'nodemailer';
import type { ServerConfig } from '../config';
import type { MailAttachment } from './messages';

/** An e-mail as it goes out: both parts as they were rendered, and its files. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Null for rows written before e-mails had templates: those go out as text only. */
  html: string | null;
  attachments: MailAttachment[];
}

/** Something that delivers an e-mail, or throws. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
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
        text: mail.text,
        ...(mail.html === null ? {} : { html: mail.html }),
        attachments: mail.attachments.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.content),
        })),
      });
    },
  };
  transports.set(config, transport);
  return transport;
}
