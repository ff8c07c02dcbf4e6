import { remindOverdueInvoices } from '../billing/overdue';
import { refreshSnapshot } from '../catalogue/snapshot';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { checkFileJob } from '../files/checkJob';
import { planReminders, sendDueReminders } from '../files/reminders';
import type { UploadStorage } from '../files/storage';
import { sweepAbandonedUploads, type UploadLocks } from '../files/sweep';
import type { Logger } from '../log';
import { composeEvent } from '../mail/compose';
import { deliverMail } from '../mail/deliver';
import type { MailTransport } from '../mail/transport';
import { chargeDueInvoices } from '../payments/autoCharge';
import type { PaymentGateway } from '../payments/gateway';
import { refundJob } from '../payments/refund';
import { releaseUnpaidCheckouts } from '../payments/release';
import { closeStalePayNowPages } from '../payments/stalePages';
import type { JobHandlers, Jobs } from './queue';
import { recordTestRun } from './testRecord';

export interface HandlerDeps {
  db: Db;
  config: ServerConfig;
  clock: () => Date;
  logger: Logger;
  /** Where ad files are kept (opened on first use). */
  storage: () => Promise<UploadStorage>;
  /** The transport to use instead of the configured one (tests). */
  transport?: MailTransport | null;
  /** Where `test.record` jobs write their runs (JOB_RUN_LOG, development only). */
  runLog?: string;
  /**
   * PostgreSQL's shared upload lock, the tus endpoint's own (`uploadLockerOf(database.session)`), so a
   * sweep never takes an upload in use.
   */
  uploadLocks?: UploadLocks | null;
  /** Issue 30: card payments through Stripe; null (or absent) where STRIPE_* are unset. */
  payments?: PaymentGateway | null;
}

/** What each kind of job does. */
export function jobHandlers(deps: HandlerDeps): JobHandlers {
  const { db, config, clock, logger, transport } = deps;
  const mailDeps = { db, config, clock, ...(transport === undefined ? {} : { transport }) };
  const paymentDeps = (jobs: Jobs) => ({ db, jobs, gateway: deps.payments ?? null, logger, clock });
  return {
    'mail.send': (data, run) => deliverMail(mailDeps, data.outboxId, run),
    'files.check': async (data, run) =>
      checkFileJob({ db, storage: await deps.storage(), clock, logger }, data, run),
    'reminders.adDue': async (_data, run) => {
      await planReminders(db, clock());
      await sendDueReminders({ ...mailDeps, jobs: run.jobs });
    },
    'invoices.overdue': async (_data, run) => {
      await remindOverdueInvoices({ ...mailDeps, jobs: run.jobs });
    },
    // Queued by the catalogue's watcher on the embedded database (PostgreSQL keeps no snapshot).
    'catalogue.refresh': async () => {
      if (!config.databaseUrl) await refreshSnapshot(db, config.dataDir);
    },
    // Hourly, one run at a time: uploads that took no byte for 24 hours go.
    'uploads.sweep': async () => {
      await sweepAbandonedUploads({
        db,
        storage: await deps.storage(),
        clock,
        logger,
        locks: deps.uploadLocks,
      });
    },
    'test.record': (data, run) => recordTestRun(deps.runLog, data, run),
    // Issue 30, part 5 (e-mail).
    'mail.compose': (data, run) => composeEvent({ ...mailDeps, jobs: run.jobs }, data),
    // Issue 30, part 2 (checkout): without Stripe no card checkout waits.
    'payments.release': async (_data, run) => {
      if (!deps.payments) return;
      const reconcileDeps = { db, jobs: run.jobs, gateway: deps.payments, logger, clock };
      await releaseUnpaidCheckouts(reconcileDeps);
      // Issue 30 review (M5): Pay now pages whose expiry never reached us.
      await closeStalePayNowPages(reconcileDeps);
    },
    // Issue 30, part 4 (saved card, refunds).
    'payments.autoCharge': (_data, run) => chargeDueInvoices(paymentDeps(run.jobs)),
    'payments.refund': (data, run) => refundJob(paymentDeps(run.jobs), data.refundId, run),
  };
}
