import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordMail } from '../../server/data/outbox';
import { outbox } from '../../server/db/schema';
import { jobHandlers } from '../../server/jobs/handlers';
import { startJobs } from '../../server/jobs/pgBossJobs';
import type { Jobs } from '../../server/jobs/queue';
import { silentLogger } from '../../server/log';
import { mails } from '../../server/mail/messages';
import { sendMail } from '../../server/mail/send';
import { brandOf } from '../../server/mail/templates/brand';
import type { MailTransport, OutgoingMail } from '../../server/mail/transport';
import { DRIVERS, type Harness } from './harness';

/*
 * The job queue itself (issue 29, point 3), pg-boss on the test's database, with retries a second
 * apart (doubling, jittered up to twice that) instead of 30 s, and two retries instead of eight.
 * The transport fails for an address as many times as the test says, and notes when each attempt
 * came.
 */
describe.each(DRIVERS)('the job queue on %s', (_name, open) => {
  let h: Harness;
  let jobs: Jobs;
  const attempts = new Map<string, number[]>();
  const failuresFor = new Map<string, number>();
  const transport: MailTransport = {
    send: async (mail: OutgoingMail) => {
      const times = attempts.get(mail.to) ?? [];
      times.push(Date.now());
      attempts.set(mail.to, times);
      if (times.length <= (failuresFor.get(mail.to) ?? 0))
        throw new Error('451 Mailbox unavailable, try later');
    },
  };

  beforeAll(async () => {
    h = await open({});
    jobs = await startJobs({
      database: h.database,
      logger: silentLogger(),
      handlers: jobHandlers({
        db: h.database.db,
        config: h.config,
        clock: () => new Date(),
        logger: silentLogger(),
        storage: async () => h.storage,
        transport,
      }),
      checksAtOnce: 1,
      tuning: { retryDelaySeconds: 1, retryLimit: 2, pollingIntervalSeconds: 0.5 },
    });
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop();
    await h?.close();
  });

  const deps = () => ({ db: h.database.db, config: h.config, clock: () => new Date(), transport, jobs });
  const welcome = (to: string) =>
    mails.welcome(to, brandOf(h.config), { firstname: 'Dana', company: 'Reyes Bakery' }, 'http://x/');
  const rowTo = async (to: string) =>
    (await h.database.db.select().from(outbox).where(eq(outbox.toEmail, to)))[0];
  /** The jobs of `queue` about one outbox row, as pg-boss stores them. */
  const jobsAbout = async (queue: string, outboxId: number) => {
    const result = await h.database.db.execute(
      sql`select state from pgboss.job where name = ${queue} and (data->>'outboxId')::int = ${outboxId}`,
    );
    return (result as unknown as { rows: { state: string }[] }).rows.map((r) => r.state);
  };

  it('tries a failing e-mail again with growing gaps, then keeps it in the dead letters and says failed', async () => {
    const to = 'down@bakery.example';
    failuresFor.set(to, 99);
    await sendMail(deps(), await welcome(to));
    await vi.waitFor(async () => expect((await rowTo(to))?.status).toBe('failed'), {
      timeout: 30_000,
      interval: 100,
    });
    const row = await rowTo(to);
    expect(row?.attempts).toBe(3);
    expect(row?.lastError).toContain('Mailbox unavailable');
    const times = attempts.get(to) ?? [];
    expect(times).toHaveLength(3);
    // Backing off: at least 1 s, then at least 2 s (retryDelay·2^n, jitter only adds).
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(1_000);
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(2_000);
    await vi.waitFor(async () => expect(await jobsAbout('mail.send.dead', row?.id ?? 0)).toHaveLength(1), {
      timeout: 5_000,
      interval: 100,
    });
    expect(await jobsAbout('mail.send', row?.id ?? 0)).toEqual(['failed']);
  }, 60_000);

  it('counts every kind’s jobs for the metrics, the dead letters too', async () => {
    // The counts are the ones pg-boss's monitor keeps (every 10 s here).
    await vi.waitFor(
      async () =>
        expect((await jobs.counts()).find((c) => c.kind === 'mail.send')?.dead).toBeGreaterThanOrEqual(1),
      { timeout: 30_000, interval: 500 },
    );
    const counts = await jobs.counts();
    expect(counts.map((c) => c.kind).sort()).toEqual([
      'catalogue.refresh',
      'files.check',
      'invoices.overdue',
      'mail.compose',
      'mail.send',
      'payments.autoCharge',
      'payments.refund',
      'payments.release',
      'reminders.adDue',
      'test.record',
      'uploads.sweep',
    ]);
    // Nothing works the dead letters: they are kept 90 days (pg-boss keeps waiting jobs 14 by default).
    const dead = await h.database.db.execute(
      sql`select name, retention_seconds from pgboss.queue where name like '%.dead' order by name`,
    );
    const rows = (dead as unknown as { rows: { name: string; retention_seconds: number }[] }).rows;
    expect(rows.map((row) => [row.name, Number(row.retention_seconds)])).toEqual(
      counts.map((c) => [`${c.kind}.dead`, 90 * 86_400]).sort(),
    );
  }, 40_000);

  it('sends an e-mail on the attempt the server takes it, once', async () => {
    const to = 'recovers@bakery.example';
    failuresFor.set(to, 2);
    const seen: string[] = [];
    jobs.attempts.on((kind, outcome) => {
      if (kind === 'mail.send') seen.push(outcome);
    });
    await sendMail(deps(), await welcome(to));
    await vi.waitFor(async () => expect((await rowTo(to))?.status).toBe('sent'), {
      timeout: 30_000,
      interval: 100,
    });
    const row = await rowTo(to);
    expect([row?.attempts, row?.lastError, row?.link]).toEqual([3, null, null]);
    expect(attempts.get(to)).toHaveLength(3);
    expect(seen).toEqual(expect.arrayContaining(['failed', 'completed']));
    expect(await jobsAbout('mail.send', row?.id ?? 0)).toEqual(['completed']);
  }, 60_000);

  it('queues a job with the rows of its transaction: none when it rolls back', async () => {
    const ids: number[] = [];
    const rolledBack = jobs.inTransaction(h.database.db, async (tx, send) => {
      const outboxId = await recordMail(tx, await welcome('rollback@bakery.example'), new Date(), 'sending');
      if (outboxId === null) throw new Error('Not recorded');
      ids.push(outboxId);
      await send('mail.send', { outboxId });
      throw new Error('Something after the e-mail failed.');
    });
    await expect(rolledBack).rejects.toThrow('Something after the e-mail failed.');
    expect(await rowTo('rollback@bakery.example')).toBeUndefined();
    expect(await jobsAbout('mail.send', ids[0] ?? 0)).toEqual([]);

    await sendMail(deps(), await welcome('committed@bakery.example'));
    const committed = await rowTo('committed@bakery.example');
    expect(await jobsAbout('mail.send', committed?.id ?? 0)).toHaveLength(1);
  });

  it('queues a once-only job once while it waits, and stores each schedule once', async () => {
    const key = 'some-file@1';
    const first = await jobs.send(
      'files.check',
      { fileId: '00000000-0000-4000-8000-000000000000', uploadedAt: 1 },
      {
        singletonKey: key,
        startAfter: new Date(Date.now() + 60_000),
      },
    );
    const second = await jobs.send(
      'files.check',
      { fileId: '00000000-0000-4000-8000-000000000000', uploadedAt: 1 },
      {
        singletonKey: key,
        startAfter: new Date(Date.now() + 60_000),
      },
    );
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    const schedules = await h.database.db.execute(sql`select name, cron from pgboss.schedule order by name`);
    expect((schedules as unknown as { rows: unknown[] }).rows).toEqual([
      { name: 'invoices.overdue', cron: '0 14 * * *' },
      { name: 'payments.autoCharge', cron: '*/15 * * * *' },
      { name: 'payments.release', cron: '*/5 * * * *' },
      { name: 'reminders.adDue', cron: '*/5 * * * *' },
      { name: 'uploads.sweep', cron: '17 * * * *' },
    ]);
  });
});
