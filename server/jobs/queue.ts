import type { Db } from '../db/client';

/*
 * STAND-IN for Part 2 of issue 29 (the job queue on the database, server/jobs/queue.ts): the agreed
 * interface only, and a queue that holds nothing, so the health and metrics code can be written
 * against it. The merge of i29-jobs replaces this file, and worker.ts passes the real queue.
 */

export type JobKind =
  | 'mail.send'
  | 'files.check'
  | 'reminders.adDue'
  | 'invoices.overdue'
  | 'catalogue.refresh'
  | 'uploads.sweep'
  | 'test.record';

export type JobData = Record<JobKind, unknown>;

export interface JobCounts {
  kind: JobKind;
  queued: number;
  deferred: number;
  active: number;
  failed: number;
  dead: number;
}

export interface Jobs {
  send<K extends JobKind>(
    kind: K,
    data: JobData[K],
    o?: { tx?: Db; singletonKey?: string; startAfter?: Date },
  ): Promise<string | null>;
  counts(): Promise<JobCounts[]>;
  attempts: { on(listener: (kind: JobKind, outcome: 'completed' | 'failed') => void): void };
  ready(): boolean;
  stop(): Promise<void>;
}

const KINDS: JobKind[] = [
  'mail.send',
  'files.check',
  'reminders.adDue',
  'invoices.overdue',
  'catalogue.refresh',
  'uploads.sweep',
];

/** STAND-IN: a queue with nothing in it, that runs nothing. */
export function idleJobs(): Jobs {
  return {
    send: async () => null,
    counts: async () =>
      KINDS.map((kind) => ({ kind, queued: 0, deferred: 0, active: 0, failed: 0, dead: 0 })),
    attempts: { on: () => {} },
    ready: () => true,
    stop: async () => {},
  };
}
