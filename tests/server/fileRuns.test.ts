import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdFile, adFile } from '../../contract/adFiles';
import { envelope } from '../../contract/envelope';
import { addRuns, retarget } from '../../server/data/adFileRuns';
import { adFileById } from '../../server/data/adFiles';
import { migrationsFolder, openPglite } from '../../server/db/client';
import { isConcurrencyConflict } from '../../server/db/errors';
import { fileRuns, media } from '../../server/db/schema';
import { cmykJpeg } from '../support/magazineArtwork';
import { DRIVERS, type Harness } from './harness';
import { customer, onlyNumber, placeOrders, settableClock, signIn } from './orderShop';
import { caller, marketOfZip, placement } from './shop';
import { uploadWhole } from './tusClient';

/*
 * One file serves many runs (issue 33, point 1): the four issues of a magazine order take one file,
 * each run keeping its own verdict and approval. Chicago's first magazine sells March to June 2027;
 * March's ad is due 29 January 2027 (the clock starts on 11 January).
 */

const ISSUES = ['2027/03', '2027/04', '2027/05', '2027/06'];
/** Several uploads and their checks each: more than the default on two busy cores. */
const SLOW = 180_000;

describe.each(DRIVERS)('a file for several runs on %s', (_name, open) => {
  let h: Harness;
  let magazine: string;
  const clock = settableClock('2027-01-11T09:00:00');
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    const chicago = await marketOfZip(h, '60601');
    magazine = (await placement(h, 'printmag', { prodcode: chicago })).mediacode;
  });
  afterAll(async () => {
    await h.close();
  });

  const fourIssues = async () => {
    clock.set('2027-01-11T09:00:00');
    const buyer = await customer(call);
    const number = onlyNumber(
      await placeOrders(call, buyer.token, [{ mediacode: magazine, dates: ISSUES, quantity: 1 }]),
    );
    return { buyer, number };
  };

  const fileOf = async (token: string, id: string): Promise<AdFile> => {
    await h.background.settled();
    const answer = await call<AdFile>('GET', `/files/${id}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return envelope(adFile).parse(answer.body).data;
  };

  const upload = async (token: string, name: string, meta: Record<string, string>) => {
    const id = await uploadWhole(h, token, await cmykJpeg(), {
      filename: name,
      filetype: 'image/jpeg',
      ...meta,
    });
    await h.background.settled();
    return id;
  };

  it(
    'attaches one file to the four runs of an order, each with its own verdict and approval',
    async () => {
      const { buyer, number } = await fourIssues();
      const id = await upload(buyer.token, 'spring.jpg', { order: number, run: '2027/03' });
      expect((await fileOf(buyer.token, id)).runs.map((run) => [run.run, run.status])).toEqual([
        ['2027/03', 'passed'],
      ]);

      const attached = await call<AdFile>('POST', `/files/${id}/attach`, {
        token: buyer.token,
        body: { order: number, runs: ['2027/04', '2027/05', '2027/06'] },
      });
      expect(attached.status, JSON.stringify(attached.body)).toBe(200);
      expect(attached.body.message).toBe(
        'spring.jpg is now the ad for April 2027 issue, May 2027 issue, June 2027 issue.',
      );
      const file = await fileOf(buyer.token, id);
      expect(file.runs.map((run) => [run.order, run.run, run.status, run.can_approve])).toEqual(
        ISSUES.map((issue) => [number, issue, 'passed', true]),
      );
      // Again: nothing changes.
      const again = await call('POST', `/files/${id}/attach`, {
        token: buyer.token,
        body: { order: number, runs: ['2027/04'] },
      });
      expect([again.status, again.body.message]).toEqual([
        200,
        'spring.jpg is the ad for April 2027 issue already.',
      ]);

      // Which run? A file of several runs must be told.
      const vague = await call('POST', `/files/${id}/approve`, { token: buyer.token });
      expect(vague.status).toBe(422);
      expect(vague.body.message).toMatch(/^Say which run: spring\.jpg is the ad for /);

      const approved = await call<AdFile>('POST', `/files/${id}/approve`, {
        token: buyer.token,
        body: { order: number, run: '2027/04' },
      });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      const after = await fileOf(buyer.token, id);
      expect(after.runs.map((run) => [run.run, run.approved?.by ?? null])).toEqual([
        ['2027/03', null],
        ['2027/04', buyer.name],
        ['2027/05', null],
        ['2027/06', null],
      ]);
      // Approving run 2 changed no other run: each can still be approved, April is done.
      expect(after.runs.map((run) => run.can_approve)).toEqual([true, false, true, true]);

      // Another file approved for May replaces the first there only.
      const may = await upload(buyer.token, 'may-only.jpg', { order: number, run: '2027/05' });
      expect((await call('POST', `/files/${may}/approve`, { token: buyer.token })).status).toBe(200);
      const replaced = await fileOf(buyer.token, id);
      expect(replaced.runs.map((run) => [run.run, run.replaced_by])).toEqual([
        ['2027/03', null],
        ['2027/04', null],
        ['2027/05', 'may-only.jpg'],
        ['2027/06', null],
      ]);
      expect(replaced.replaced_by).toBeNull();
      expect(replaced.runs.map((run) => run.approved !== null)).toEqual([false, true, false, false]);

      // The order page shows each run's own ad.
      const detail = await call<{
        runs: { value: string; ad_file: { state: string; file: { name: string } } }[];
      }>('GET', `/orders/${number}`, { token: buyer.token });
      expect(
        detail.body.data.runs.map((run) => [run.value, run.ad_file.state, run.ad_file.file.name]),
      ).toEqual([
        ['2027/03', 'ready', 'spring.jpg'],
        ['2027/04', 'approved', 'spring.jpg'],
        ['2027/05', 'approved', 'may-only.jpg'],
        ['2027/06', 'ready', 'spring.jpg'],
      ]);

      // Leaving a run: not the approved one past its deadline, any other.
      const left = await call('POST', `/files/${id}/detach`, {
        token: buyer.token,
        body: { order: number, run: '2027/06' },
      });
      expect(left.status, JSON.stringify(left.body)).toBe(200);
      expect((await fileOf(buyer.token, id)).runs.map((run) => run.run)).toEqual([
        '2027/03',
        '2027/04',
        '2027/05',
      ]);
    },
    SLOW,
  );

  it(
    'uploads once for several runs, and refuses a set of runs as a whole, naming each run',
    async () => {
      const { buyer, number } = await fourIssues();
      const id = await upload(buyer.token, 'both.jpg', { order: number, runs: '2027/03, 2027/06' });
      const file = await fileOf(buyer.token, id);
      expect(file.runs.map((run) => [run.run, run.status])).toEqual([
        ['2027/03', 'passed'],
        ['2027/06', 'passed'],
      ]);

      const unknown = await call('POST', `/files/${id}/attach`, {
        token: buyer.token,
        body: { order: number, runs: ['2027/04', '2027/09'] },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toMatch(new RegExp(`^Order ${number} has no run 2027/09: its runs are `));
      // Several unknown runs: one sentence naming them all, the order's runs listed once.
      const unknowns = await call('POST', `/files/${id}/attach`, {
        token: buyer.token,
        body: { order: number, runs: ['2027/09', '2027/10', '2027/04'] },
      });
      expect(unknowns.status).toBe(404);
      expect(unknowns.body.message).toMatch(
        new RegExp(`^Order ${number} has no run 2027/09, 2027/10: its runs are [^:]*\\.$`),
      );
      expect((await fileOf(buyer.token, id)).runs).toHaveLength(2);

      // An empty run is no run (the order has four: which?); a run it does not serve is named alone.
      const vague = await call('POST', `/files/${id}/attach`, {
        token: buyer.token,
        body: { order: number, run: '' },
      });
      expect(vague.status).toBe(404);
      expect(vague.body.message).toMatch(new RegExp(`^Say which run of order ${number} the file is for: `));
      const stranger = await call('POST', `/files/${id}/approve`, {
        token: buyer.token,
        body: { run: '2027/09' },
      });
      expect([stranger.status, stranger.body.message]).toEqual([
        404,
        'both.jpg is not attached to run 2027/09: attach it first.',
      ]);

      // A bad list of runs is refused as such, never read as "the order's one run".
      for (const [runs, message] of [
        [[], 'runs: Pick at least one run.'],
        ['2027/04', 'runs: Send runs as a list of run dates, such as ["2027/03"].'],
        [Array.from({ length: 61 }, () => '2027/04'), 'runs: Attach a file to at most 60 runs at once.'],
      ] as const) {
        const bad = await call('POST', `/files/${id}/attach`, {
          token: buyer.token,
          body: { order: number, runs },
        });
        expect([bad.status, bad.body.message]).toEqual([400, message]);
      }
      expect((await fileOf(buyer.token, id)).runs.map((run) => run.run)).toEqual(['2027/03', '2027/06']);

      // March's ad came due: the file keeps serving it, but once it leaves, March takes no file, and
      // April with it is refused as a whole, naming March.
      clock.set('2027-01-30T08:00:00');
      const token = await signIn(call, buyer.email);
      const kept = await call('POST', `/files/${id}/attach`, {
        token,
        body: { order: number, runs: ['2027/03'] },
      });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      const left = await call('POST', `/files/${id}/detach`, {
        token,
        body: { order: number, run: '2027/03' },
      });
      expect(left.status, JSON.stringify(left.body)).toBe(200);
      const refused = await call('POST', `/files/${id}/attach`, {
        token,
        body: { order: number, runs: ['2027/04', '2027/03'] },
      });
      expect([refused.status, refused.body.message]).toEqual([
        409,
        'The ad for March 2027 issue was due on Jan 29, 2027: call us to send a late file.',
      ]);
      expect((await fileOf(token, id)).runs.map((run) => run.run)).toEqual(['2027/06']);
    },
    SLOW,
  );

  it(
    "checks a library file again for a placement with its own trim, never copying the sheet's verdict",
    async () => {
      const id = await (async () => {
        const { buyer } = await fourIssues();
        return { buyer, id: await upload(buyer.token, 'library.jpg', { sheet: 'magazine-print-ads' }) };
      })();
      expect((await fileOf(id.buyer.token, id.id)).status).toBe('passed');
      // This magazine prints at 9 × 12 in: the file, made for 8.375 × 10.875 in, is the wrong size.
      await h.database.db
        .update(media)
        .set({ trim: { width: 9, height: 12 } })
        .where(eq(media.mediacode, magazine));
      try {
        const number = onlyNumber(
          await placeOrders(call, id.buyer.token, [{ mediacode: magazine, dates: ISSUES, quantity: 1 }]),
        );
        const attached = await call('POST', `/files/${id.id}/attach`, {
          token: id.buyer.token,
          body: { order: number, runs: ['2027/03'] },
        });
        expect([attached.status, attached.body.message]).toEqual([
          200,
          "library.jpg is now the ad for March 2027 issue: it is being checked against their placement's size.",
        ]);
        const file = await fileOf(id.buyer.token, id.id);
        expect(file.runs.map((run) => [run.run, run.status, run.can_approve])).toEqual([
          ['2027/03', 'attention', false],
        ]);
      } finally {
        await h.database.db.update(media).set({ trim: null }).where(eq(media.mediacode, magazine));
      }
    },
    SLOW,
  );

  it(
    'keeps an approval that a change read before it would have thrown away',
    async () => {
      const { buyer, number } = await fourIssues();
      const id = await upload(buyer.token, 'kept.jpg', { order: number, run: '2027/03' });
      const stale = await adFileById(h.database.db, id);
      if (!stale) throw new Error('the file is gone');
      const [row] = await h.database.db.select().from(fileRuns).where(eq(fileRuns.fileId, id));
      if (!row) throw new Error('the file serves no run');
      const approved = await call('POST', `/files/${id}/approve`, { token: buyer.token });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);

      // A move to another sheet that read the file before the approval: refused under the lock.
      const moved = await retarget(
        h.database.db,
        stale,
        { sheet: 'online-display-ads', runs: [] },
        row.attachedBy ?? '',
        clock.now(),
      );
      expect(moved).toBe(false);
      // Runs added with a verdict read before the file was checked again: refused too.
      const added = await addRuns(
        h.database.db,
        { ...stale, uploadedAt: new Date(0) },
        [{ orderId: row.orderId, runValue: '2027/04' }],
        row.attachedBy ?? '',
        clock.now(),
      );
      expect(added).toBeNull();
      const file = await fileOf(buyer.token, id);
      expect(file.runs.map((run) => [run.run, run.approved?.by ?? null])).toEqual([['2027/03', buyer.name]]);
      // Losing to a concurrent transaction is a conflict to retry, not a server fault.
      expect(isConcurrencyConflict(Object.assign(new Error('deadlock'), { code: '40P01' }))).toBe(true);
      expect(isConcurrencyConflict(new Error('some other failure'))).toBe(false);
    },
    SLOW,
  );

  it(
    "keeps every company's files and orders to itself",
    async () => {
      const mine = await fourIssues();
      const theirs = await fourIssues();
      const id = await upload(mine.buyer.token, 'mine.jpg', { order: mine.number, run: '2027/03' });
      const other = await upload(theirs.buyer.token, 'theirs.jpg', { order: theirs.number, run: '2027/03' });
      const token = await signIn(call, mine.buyer.email);
      for (const [method, suffix, body] of [
        ['GET', '', undefined],
        ['POST', '/attach', { order: theirs.number, runs: ['2027/04'] }],
        ['POST', '/approve', { order: theirs.number, run: '2027/03' }],
        ['POST', '/detach', { order: theirs.number, run: '2027/03' }],
      ] as const) {
        const answer = await call(method, `/files/${other}${suffix}`, { token, ...(body ? { body } : {}) });
        expect(answer.status, `${method} ${suffix}`).toBe(404);
      }
      // Nor can a file of mine serve their order.
      const attach = await call('POST', `/files/${id}/attach`, {
        token,
        body: { order: theirs.number, runs: ['2027/04'] },
      });
      expect(attach.status).toBe(404);
      expect((await fileOf(token, id)).runs.map((run) => run.order)).toEqual([mine.number]);
    },
    SLOW,
  );
});

describe('migration 0025 on files attached the old way', () => {
  let dir: string;
  beforeAll(() => {
    // The migrations up to 0024: a file then had one order and run, on its own row.
    dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-migrations-'));
    cpSync(migrationsFolder, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    for (const entry of journal.entries.filter((e) => e.tag >= '0025'))
      rmSync(path.join(dir, `${entry.tag}.sql`));
    journal.entries = journal.entries.filter((entry) => entry.tag < '0025');
    writeFileSync(journalFile, JSON.stringify(journal));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'gives each attached file its one run, with its verdict and approval',
    async () => {
      const client = await PGlite.create();
      await migrate(drizzle(client), { migrationsFolder: dir });
      await client.exec(`
      insert into companies (id, name) values (1, 'Old Bakery');
      insert into users (id, company_id, email, password_hash, firstname, lastname)
        values ('11111111-1111-4111-8111-111111111111', 1, 'old@bakery.example', 'x', 'Old', 'Baker');
      insert into media (mediacode, name, media_type, lifestyle, schedule, unit_price_cents, unit_label,
          reach, reach_label, image, description, search_text)
        values ('PM999-01', 'Old Magazine', 'printmag', 'arts-culture',
          '{"kind":"months","soldOutEvery":0,"soldOutOffset":0}', 100000, 'per issue', 1, '1', '', '', '');
      insert into carts (uuid, user_id, status)
        values ('22222222-2222-4222-8222-222222222222', '11111111-1111-4111-8111-111111111111', 'placed');
      insert into cart_items (id, cart_uuid, mediacode, dates, quantity, price_cents)
        values (1, '22222222-2222-4222-8222-222222222222', 'PM999-01', '["2027/03"]', 1, 100000);
      insert into orders (id, cart_uuid, cart_item_id, user_id, company_id, number, billing, total_cents, placed_at)
        values (7, '22222222-2222-4222-8222-222222222222', 1, '11111111-1111-4111-8111-111111111111', 1,
                'AD-27-000001', '{}', 100000, '2027-01-11T09:00:00Z');
      insert into ad_files (id, company_id, uploaded_by, name, declared_type, size, status, checks, order_id,
          run_value, sheet, approved_at, approved_by, uploaded_at, created_at)
        values ('33333333-3333-4333-8333-333333333333', 1, '11111111-1111-4111-8111-111111111111', 'march.pdf',
                'application/pdf', 10, 'passed', '[]', 7, '2027/03', 'magazine-print-ads',
                '2027-01-12T10:00:00Z', '11111111-1111-4111-8111-111111111111', '2027-01-12T09:00:00Z',
                '2027-01-12T09:00:00Z'),
               ('44444444-4444-4444-8444-444444444444', 1, null, 'library.pdf', 'application/pdf', 10,
                'attention', '[]', null, null, 'magazine-print-ads', null, null, null, '2027-01-12T09:00:00Z');
    `);
      // The server's start applies 0025 and what follows.
      const database = await openPglite({ instance: client });
      try {
        const rows = await database.db.select().from(fileRuns);
        expect(rows).toEqual([
          {
            fileId: '33333333-3333-4333-8333-333333333333',
            orderId: 7,
            runValue: '2027/03',
            status: 'passed',
            checks: [],
            attachedAt: new Date('2027-01-12T09:00:00Z'),
            attachedBy: '11111111-1111-4111-8111-111111111111',
            approvedAt: new Date('2027-01-12T10:00:00Z'),
            approvedBy: '11111111-1111-4111-8111-111111111111',
          },
        ]);
        // A replica of the previous release, still serving during a rolling restart, reads and
        // writes the old columns: this release keeps them, so its insert and its read still work.
        await client.exec(`
      insert into ad_files (id, company_id, uploaded_by, name, declared_type, size, status, checks, order_id,
          run_value, sheet, approved_at, approved_by, uploaded_at, created_at)
        values ('55555555-5555-4555-8555-555555555555', 1, null, 'april.pdf', 'application/pdf', 10,
                'uploading', '[]', 7, '2027/04', 'magazine-print-ads', null, null, null,
                '2027-01-13T09:00:00Z');
    `);
        const old = await client.query<{ order_id: number; run_value: string; approved_at: Date | null }>(
          "select order_id, run_value, approved_at from ad_files where id = '33333333-3333-4333-8333-333333333333'",
        );
        expect(old.rows).toEqual([
          { order_id: 7, run_value: '2027/03', approved_at: new Date('2027-01-12T10:00:00Z') },
        ]);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );
});
