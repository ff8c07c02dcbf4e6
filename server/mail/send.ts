import type { ServerConfig } from '../config';
import { recordDelivery, recordMail } from '../data/outbox';
import type { Db } from '../db/client';
import type { Mail } from './messages';
import { nextAttemptAfter } from './retries';
import { type MailTransport, smtpTransport } from './transport';

export interface MailDeps {
  db: Db;
  config: ServerConfig;
  clock: () => Date;
  /** The transport to use instead of the configured one (tests). */
  transport?: MailTransport | null;
  /** Waits between attempts; a failure after the last one is recorded and thrown. */
  retryDelaysMs?: readonly number[];
}

const RETRY_DELAYS_MS = [500, 2_000] as const;

/** An e-mail that could not be sent after every attempt: its row says `failed`, with the error. */
export class MailNotSent extends Error {
  constructor(
    readonly outboxId: number,
    readonly kind: Mail['kind'],
    cause: unknown,
  ) {
    super(`The ${kind} e-mail (outbox ${outboxId}) could not be sent.`, { cause });
    this.name = 'MailNotSent';
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Sends an e-mail through SMTP when `SMTP_URL` is set, else keeps it in the outbox (development).
 * Every e-mail is a row first, so none is lost without a trace: the row records each attempt, and
 * whether it was sent in the end. Meant to run after the answer (`c.var.background.run`).
 */
export async function sendMail(deps: MailDeps, mail: Mail): Promise<void> {
  const transport = deps.transport === undefined ? smtpTransport(deps.config) : deps.transport;
  const id = await recordMail(deps.db, mail, deps.clock(), transport ? 'sending' : 'kept');
  if (!transport) return;
  const delays = deps.retryDelaysMs ?? RETRY_DELAYS_MS;
  let lastError: unknown = null;
  for (let attempt = 1; attempt <= delays.length + 1; attempt++) {
    try {
      await transport.send(mail);
      await recordDelivery(deps.db, id, { sentAt: deps.clock(), attempts: attempt });
      return;
    } catch (error) {
      lastError = error;
      const final = attempt > delays.length;
      await recordDelivery(deps.db, id, {
        error: messageOf(error),
        attempts: attempt,
        final,
        // After its own attempts, the outbox worker takes it up (server/mail/outboxWorker.ts).
        ...(final ? { nextAttemptAt: nextAttemptAfter(attempt, deps.clock()) } : {}),
      });
      if (!final) await wait(delays[attempt - 1] ?? 0);
    }
  }
  throw new MailNotSent(id, mail.kind, lastError);
}
