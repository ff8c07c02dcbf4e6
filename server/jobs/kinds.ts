import type { Queue, WorkOptions } from 'pg-boss';
import type { MailEvent } from '../mail/mailEvent';

/** Every kind of background work, each a queue on the database (server/jobs/pgBossJobs.ts). */
export const JOB_KINDS = [
  'mail.send',
  'files.check',
  'reminders.adDue',
  'invoices.overdue',
  'catalogue.refresh',
  'uploads.sweep',
  'test.record',
  // Issue 30, part 5 (e-mail).
  'mail.compose',
  // Issue 30, part 2 (checkout).
  'payments.release',
  // Issue 30, part 4 (saved card, refunds).
  'payments.autoCharge',
  'payments.refund',
] as const;

export type JobKind = (typeof JOB_KINDS)[number];

/** What each kind's job carries: ids, never the records themselves (the database has them). */
export interface JobData {
  'mail.send': { outboxId: number };
  /** The upload the check is for: a file sent again (a new `uploadedAt`) is another check. */
  'files.check': { fileId: string; uploadedAt: number };
  'reminders.adDue': Record<string, never>;
  'invoices.overdue': Record<string, never>;
  'catalogue.refresh': Record<string, never>;
  'uploads.sweep': Record<string, never>;
  /** Development only (FAULT_INJECTION): records its run, after holding its lease `holdMs`. */
  'test.record': { holdMs?: number };
  /** What happened; the composer reads the rest from the database. */
  'mail.compose': MailEvent;
  'payments.release': Record<string, never>;
  'payments.autoCharge': Record<string, never>;
  'payments.refund': { refundId: number };
}

export interface KindSettings {
  /** The queue's retries, lease and once-only policy. */
  queue: Omit<Queue, 'name'>;
  /** When the kind runs by itself (UTC cron), stored once however many processes register it. */
  cron?: string;
  /** How a process fetches it. */
  work: WorkOptions;
}

/** The polling floor of a queue whose jobs are also announced (LISTEN/NOTIFY): a missed wake-up. */
const NOTIFIED: WorkOptions = { pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 5 };
/** Scheduled kinds are looked for rarely: on the embedded database every poll shares the connection. */
const SCHEDULED: WorkOptions = { pollingIntervalSeconds: 5 };

/**
 * A call to a service elsewhere (an SMTP server, Stripe), announced, and tried again eight times over
 * a few hours, backing off to at most two hours apart.
 */
const CALL_ELSEWHERE: KindSettings['queue'] = {
  notify: true,
  retryLimit: 8,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 7_200,
  expireInSeconds: 60,
};

/**
 * The queues. Leases: `expireInSeconds` bounds an attempt, `heartbeatSeconds` lets a long one (a
 * check) keep its lease while its process lives and lose it soon after the process dies; either way
 * the job is tried again, by whichever process fetches it first. Retries back off
 * (`retryDelay·2^n`, jittered, at most `retryDelayMax`); every kind's last failure goes to its dead
 * letters (`<kind>.dead`), which the metrics count.
 */
export const KINDS: Record<JobKind, KindSettings> = {
  'mail.send': {
    queue: CALL_ELSEWHERE,
    work: { ...NOTIFIED, batchSize: 5, burstWhenBatchFull: true, localConcurrency: 2 },
  },
  'files.check': {
    queue: {
      notify: true,
      policy: 'stately',
      // A check whose process died is tried again within about 25 s of the death (a lapse of 10 s at
      // most, the next monitor pass, this delay), as it was before checks were jobs.
      heartbeatSeconds: 10,
      expireInSeconds: 150,
      retryLimit: 2,
      retryDelay: 3,
    },
    // localConcurrency is FILE_CHECKS_AT_ONCE (server/jobs/pgBossJobs.ts).
    work: { ...NOTIFIED },
  },
  'reminders.adDue': {
    queue: { policy: 'exclusive', retryLimit: 2, expireInSeconds: 240 },
    cron: '*/5 * * * *',
    work: SCHEDULED,
  },
  'invoices.overdue': {
    queue: { policy: 'exclusive', retryLimit: 2, expireInSeconds: 240 },
    cron: '0 14 * * *',
    work: SCHEDULED,
  },
  'catalogue.refresh': {
    queue: { notify: true, policy: 'singleton', retryLimit: 2, expireInSeconds: 120 },
    work: NOTIFIED,
  },
  'uploads.sweep': {
    queue: { policy: 'exclusive', retryLimit: 2, expireInSeconds: 900 },
    cron: '17 * * * *',
    work: SCHEDULED,
  },
  'test.record': {
    queue: { notify: true, retryLimit: 1, heartbeatSeconds: 10, expireInSeconds: 60 },
    work: { ...NOTIFIED, batchSize: 10, burstWhenBatchFull: true, localConcurrency: 2 },
  },
  // Renders an event's e-mails (and their PDFs); a retry writes no second e-mail (outbox dedupe keys).
  'mail.compose': {
    queue: { notify: true, retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
    work: { ...NOTIFIED, batchSize: 5, burstWhenBatchFull: true, localConcurrency: 2 },
  },
  // Issue 30, part 2: card checkouts not paid in time give their placements back.
  'payments.release': {
    queue: { policy: 'exclusive', retryLimit: 2, expireInSeconds: 240 },
    cron: '*/5 * * * *',
    work: SCHEDULED,
  },
  // Issue 30, part 4: invoices of companies with automatic payment, charged to their saved card.
  'payments.autoCharge': {
    queue: { policy: 'exclusive', retryLimit: 2, expireInSeconds: 600 },
    cron: '*/15 * * * *',
    work: SCHEDULED,
  },
  // Retries stay within the 24 hours Stripe keeps an idempotency key, so a retry never refunds twice.
  'payments.refund': {
    queue: CALL_ELSEWHERE,
    work: NOTIFIED,
  },
};

/** The queue a kind's jobs go to once they failed their last attempt. */
export const deadLetterOf = (kind: JobKind) => `${kind}.dead`;
