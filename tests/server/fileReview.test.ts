import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdFile, FilesList } from '../../contract/adFiles';
import type { AdminPlacement } from '../../contract/adminCatalogue';
import type { QueuedFile } from '../../contract/adminFiles';
import type { QueuedOrder } from '../../contract/adminOrders';
import type { OrdersDue, OrdersPage } from '../../contract/orders';
import { approveFileRun } from '../../server/data/fileRuns';
import {
  adFiles,
  approvalRequests,
  auditLog,
  companies,
  fileRuns,
  orders,
  outbox,
  users,
} from '../../server/db/schema';
import { planReminders, sendDueReminders } from '../../server/files/reminders';
import { cmykJpeg, rgbPng } from '../support/magazineArtwork';
import { DRIVERS, type Harness } from './harness';
import { queuedMail } from './mailQueued';
import { customer, detailOf, placeOrders, settableClock, signIn } from './orderShop';
import { caller, marketOfZip, placement } from './shop';
import { adminCall, staffSession } from './staffFixtures';
import { uploadWhole } from './tusClient';

/*
 * Ad-file review (issue 31, acceptance 7). Chicago's first magazine: the March 2027 issue's ad is due
 * 29 January 2027, April's 26 February; an RGB PNG fails the print checks, a CMYK JPEG passes.
 */
describe.each(DRIVERS)('ad-file review on %s', (_name, open) => {
  let h: Harness;
  let magazine: string;
  let production: string;
  let rep: string;
  let repId: string;
  let mail: ReturnType<typeof queuedMail>;
  const clock = settableClock('2027-01-11T09:00:00');
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    mail = queuedMail(h);
    magazine = (await placement(h, 'printmag', { prodcode: await marketOfZip(h, '60601') })).mediacode;
  });
  afterAll(async () => {
    await h.close();
  });

  /** Staff signed in at the clock's time (a session lasts 8 hours, and the tests move the clock by days). */
  async function staffSignIn() {
    production = (await staffSession(h, 'production', { now: clock.now() })).token;
    const repSession = await staffSession(h, 'rep', { now: clock.now() });
    rep = repSession.token;
    repId = repSession.staff.id;
  }

  /** A customer's magazine order for each issue, and a file sent for each. */
  async function ordersWithFiles(issues: string[], artwork: () => Promise<Uint8Array>) {
    const buyer = await customer(call);
    const placed = await placeOrders(
      call,
      buyer.token,
      issues.map((issue) => ({ mediacode: magazine, dates: [issue], quantity: 1 })),
    );
    const numbers = placed.orders.map((o) => o.number);
    const files: string[] = [];
    for (const number of numbers)
      files.push(
        await uploadWhole(h, buyer.token, await artwork(), {
          filename: `ad-${number}.png`,
          filetype: 'image/png',
          order: number,
        }),
      );
    await h.background.settled();
    return { buyer, numbers, files };
  }

  const queue = async (state: string, token = production) => {
    const answer = await call<QueuedFile[]>('GET', `/admin/files?state=${state}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const fileOf = async (token: string, id: string) =>
    (await call<AdFile>('GET', `/files/${id}`, { token })).body.data;

  it('lists the files needing attention soonest due first, and a production person accepts one with a note', async () => {
    clock.set('2027-01-11T09:00:00');
    await staffSignIn();
    // April's order is placed first: the queue still shows March's file first.
    const { buyer, numbers, files } = await ordersWithFiles(['2027/04', '2027/03'], rgbPng);
    const [april, march] = numbers;
    const listed = (await queue('attention')).filter((f) => numbers.includes(f.order));
    expect(listed.map((f) => f.order)).toEqual([march, april]);
    expect(listed[0]).toMatchObject({ run: '2027/03', run_label: 'March 2027 issue', can_accept: true });
    expect(listed[0]?.ad_due.date).toBe('2027-01-29');

    const note = 'The photo is RGB; our printer converts it, colours may shift slightly.';
    const accepted = await call<QueuedFile>('POST', `/admin/files/${files[1]}/accept`, {
      token: production,
      body: { note },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({ approved: true, review: { state: 'accepted', note } });

    // The customer sees it: the run's ad is approved with the note, on the order page and in /files.
    const detail = await detailOf(call, buyer.token, march ?? '');
    expect(detail.runs[0]?.ad_file).toMatchObject({ state: 'approved', note });
    const file = await fileOf(buyer.token, files[1] ?? '');
    expect(file.review).toMatchObject({ state: 'accepted', note });
    expect(file.runs[0]?.approved).not.toBeNull();
    const list = await call<FilesList>('GET', '/files', { token: buyer.token });
    expect(list.body.data.files.find((f) => f.id === files[1])?.review?.note).toBe(note);
    // Accepted: no longer in the attention queue.
    expect((await queue('attention')).map((f) => f.id)).not.toContain(files[1]);

    const entries = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, files[1] ?? ''), eq(auditLog.action, 'file.accepted')));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.before).toMatchObject({ review: null, approved_at: null });
    expect(entries[0]?.after).toMatchObject({ review: 'accepted', review_note: note });
  });

  it('refuses to accept a file when another file is the run’s approved ad, and a rep may read but not review', async () => {
    clock.set('2027-01-11T09:00:00');
    await staffSignIn();
    const { buyer, numbers, files } = await ordersWithFiles(['2027/03'], cmykJpeg);
    const [number] = numbers;
    expect((await call('POST', `/files/${files[0]}/approve`, { token: buyer.token })).status).toBe(200);
    clock.set('2027-01-11T09:05:00');
    const failing = await uploadWhole(h, buyer.token, await rgbPng(), {
      filename: 'second.png',
      filetype: 'image/png',
      order: number ?? '',
    });
    await h.background.settled();
    // Issue 32: a rep sees only the files of their companies, so the buyer's is made the rep's.
    expect((await queue('all', rep)).map((f) => f.id)).not.toContain(failing);
    const [file] = await h.database.db.select().from(adFiles).where(eq(adFiles.id, failing));
    await h.database.db
      .update(companies)
      .set({ repStaffId: repId })
      .where(eq(companies.id, file?.companyId ?? 0));
    expect((await queue('all', rep)).map((f) => f.id)).toContain(failing);

    const byRep = await call('POST', `/admin/files/${failing}/accept`, {
      token: rep,
      body: { note: 'Fine.' },
    });
    expect(byRep.status).toBe(403);
    const refused = await call('POST', `/admin/files/${failing}/accept`, {
      token: production,
      body: { note: 'Fine.' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`ad-${number}.png is already the approved ad of this run.`);
    const empty = await call('POST', `/admin/files/${failing}/accept`, {
      token: production,
      body: { note: ' ' },
    });
    expect(empty.status).toBe(422);
    expect((await call('POST', `/admin/files/${failing}/accept`, { body: { note: 'x' } })).status).toBe(401);
    // A customer's token is no staff token.
    expect((await call('GET', '/admin/files', { token: buyer.token })).status).toBe(401);
  });

  it('sends an approved file back: the run needs attention again, the customer is e-mailed and reminded, and cannot approve it', async () => {
    clock.set('2027-01-11T09:00:00');
    await staffSignIn();
    const { buyer, numbers, files } = await ordersWithFiles(['2027/03'], cmykJpeg);
    const [number] = numbers;
    const [id] = files;
    expect((await call('POST', `/files/${id}/approve`, { token: buyer.token })).status).toBe(200);
    await planReminders(h.database.db, clock.now());

    // The customer's page read the file before production sends it back (its approval comes after).
    const [customerRead] = await h.database.db
      .select({ file: adFiles, run: fileRuns })
      .from(adFiles)
      .innerJoin(fileRuns, eq(fileRuns.fileId, adFiles.id))
      .where(eq(adFiles.id, id ?? ''));
    clock.set('2027-01-25T10:00:00');
    await staffSignIn();
    const note = 'The phone number in the ad is one digit short: send it again with the full number.';
    const returned = await call<QueuedFile>('POST', `/admin/files/${id}/return`, {
      token: production,
      body: { note },
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(returned.body.data).toMatchObject({ approved: false, review: { state: 'returned', note } });
    expect(mail.events).toContainEqual({
      event: 'file.returned',
      fileId: id,
      at: '2027-01-25T10:00:00.000Z',
    });
    expect((await queue('returned')).map((f) => f.id)).toContain(id);

    const token = await signIn(call, buyer.email);
    const run = (await detailOf(call, token, number ?? '')).runs[0];
    expect(run?.ad_file).toMatchObject({
      state: 'attention',
      problems: [`Sent back by our production team: ${note}`],
      note,
    });
    if (!customerRead) throw new Error('The file was not read.');
    const [user] = await h.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, buyer.email));
    const { file: read, run: readRun } = customerRead;
    expect(
      await approveFileRun(
        h.database.db,
        { fileId: read.id, orderId: readRun.orderId, runValue: readRun.runValue },
        { status: readRun.status, fileUploadedAt: read.uploadedAt },
        user?.id ?? '',
        clock.now(),
      ),
    ).toBeNull();
    expect((await fileOf(token, id ?? '')).runs[0]?.approved).toBeNull();
    const approve = await call('POST', `/files/${id}/approve`, { token });
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe('Our production team sent this file back: send a new one.');
    expect((await fileOf(token, id ?? '')).runs[0]?.can_approve).toBe(false);
    expect(
      (await call('POST', `/admin/files/${id}/return`, { token: production, body: { note } })).status,
    ).toBe(409);
    const audited = await h.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.recordId, id ?? ''));
    expect(audited).toEqual([{ action: 'file.returned' }]);

    // The run's 2-day reminder goes out again: it has no approved ad any more.
    clock.set('2027-01-27T09:00:00');
    await planReminders(h.database.db, clock.now());
    await sendDueReminders({
      db: h.database.db,
      config: h.config,
      clock: clock.now,
      transport: null,
      jobs: h.jobs,
    });
    const reminders = await h.database.db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(and(eq(outbox.toEmail, buyer.email), eq(outbox.kind, 'ad-reminder')));
    expect(reminders.map((r) => r.subject)).toEqual([expect.stringMatching(/is due in 2 days/)]);
  });

  it('goes by the ad-due day kept when the order was placed: approval, the lists, the dashboard and both queues', async () => {
    clock.set('2027-01-11T09:00:00');
    await staffSignIn();
    const admin = (await staffSession(h, 'admin', { now: clock.now() })).token;
    const schedule = async (exceptions: { value: string; deadline: string }[]) => {
      const edited = await adminCall<AdminPlacement>(h, 'GET', `/placements/${magazine}`, { token: admin });
      if (!edited.body.data) throw new Error('No placement to edit.');
      const { version, schedule: rules } = edited.body.data;
      const saved = await adminCall(h, 'PATCH', `/placements/${magazine}`, {
        token: admin,
        body: { version, schedule: { ...rules, exceptions } },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    // March's deadline moves from 29 January to 12 February, the order keeps it; then the move is undone.
    await schedule([{ value: '2027/03', deadline: '2027-02-12' }]);
    const { buyer, numbers, files } = await ordersWithFiles(['2027/03'], rgbPng);
    const [number = ''] = numbers;
    await schedule([]);
    expect((await detailOf(call, buyer.token, number)).runs[0]?.ad_due?.date).toBe('2027-02-12');

    clock.set('2027-02-01T09:00:00');
    await staffSignIn();
    const token = await signIn(call, buyer.email);
    const listed = await call<OrdersPage>('GET', '/orders?tab=all', { token });
    expect(listed.body.data.orders.find((o) => o.number === number)?.next_ad_due?.date).toBe('2027-02-12');
    const due = await call<OrdersDue>('GET', '/orders/due', { token });
    expect(due.body.data.orders.find((o) => o.number === number)?.next_ad_due?.date).toBe('2027-02-12');
    const queued = await call<QueuedOrder[]>('GET', `/admin/orders?q=${number}`, { token: production });
    expect(queued.body.data.map((o) => o.next_ad_due?.date)).toEqual(['2027-02-12']);
    const attention = (await queue('attention')).find((f) => f.id === files[0]);
    expect(attention?.ad_due.date).toBe('2027-02-12');

    const good = await uploadWhole(h, token, await cmykJpeg(), {
      filename: 'march.jpg',
      filetype: 'image/jpeg',
      order: number,
    });
    await h.background.settled();
    const approved = await call('POST', `/files/${good}/approve`, { token });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  });

  it('accepts a file as the run’s ad only until the run’s ad-due day', async () => {
    clock.set('2027-01-11T09:00:00');
    await staffSignIn();
    const { buyer, files } = await ordersWithFiles(['2027/03'], rgbPng);
    clock.set('2027-02-01T09:00:00');
    await staffSignIn();
    const late = await call('POST', `/admin/files/${files[0]}/accept`, {
      token: production,
      body: { note: 'Colours may shift.' },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'The ad for March 2027 issue was due on Jan 29, 2027: accepting now would make this file its ad after the deadline, so call the customer about a late file.',
    );
    const token = await signIn(call, buyer.email);
    expect(await fileOf(token, files[0] ?? '')).toMatchObject({ runs: [{ approved: null }], review: null });
  });

  it('accepts the run the queue row shows, of a file serving several runs', async () => {
    clock.set('2027-01-11T09:00:00');
    await staffSignIn();
    const buyer = await customer(call);
    const placed = await placeOrders(call, buyer.token, [
      { mediacode: magazine, dates: ['2027/03', '2027/04'], quantity: 1 },
    ]);
    const number = placed.orders[0]?.number ?? '';
    const id = await uploadWhole(h, buyer.token, await rgbPng(), {
      filename: 'both.png',
      filetype: 'image/png',
      order: number,
      runs: '2027/03, 2027/04',
    });
    await h.background.settled();
    // March's ad is due (Jan 29), April's is not: the file has a row for each, and April's is accepted.
    clock.set('2027-02-01T09:00:00');
    await staffSignIn();
    const rows = (await queue('attention')).filter((f) => f.id === id);
    expect(rows.map((f) => f.run).sort()).toEqual(['2027/03', '2027/04']);
    const accepted = await call<QueuedFile>('POST', `/admin/files/${id}/accept`, {
      token: production,
      body: { note: 'Colours may shift.', order: number, run: '2027/04' },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({ run: '2027/04', approved: true });
    const token = await signIn(call, buyer.email);
    const file = await fileOf(token, id);
    expect(file.runs.map((run) => [run.run, run.approved !== null])).toEqual([
      ['2027/03', false],
      ['2027/04', true],
    ]);
  });

  it('closes the open approval requests a review settles, and queues the e-mails of who asked', async () => {
    clock.set('2027-01-11T09:00:00');
    await staffSignIn();
    const { buyer, numbers, files } = await ordersWithFiles(['2027/03', '2027/04'], rgbPng);
    const [first, second] = numbers;
    const [accepted, returned] = files;
    if (!first || !second || !accepted || !returned) throw new Error('Two orders, two files.');
    const orderIds = await h.database.db
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .where(inArray(orders.number, [first, second]));
    const orderId = (n: string) => orderIds.find((o) => o.number === n)?.id ?? 0;
    const [asker] = await h.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, buyer.email));
    // Members asked for each file for its run, and for the second file for the first order's run too.
    const ask = async (fileId: string, order: string, runValue: string) => {
      const [row] = await h.database.db
        .insert(approvalRequests)
        .values({
          fileId,
          orderId: orderId(order),
          runValue,
          requestedBy: asker?.id ?? null,
          requestedAt: clock.now(),
        })
        .returning({ id: approvalRequests.id });
      return row?.id ?? 0;
    };
    const mine = await ask(accepted, first, '2027/03');
    const rival = await ask(returned, first, '2027/03');
    const sentBack = await ask(returned, second, '2027/04');
    const decisions = async () =>
      new Map(
        (
          await h.database.db
            .select()
            .from(approvalRequests)
            .where(inArray(approvalRequests.id, [mine, rival, sentBack]))
        ).map((r) => [r.id, { decision: r.decision, decidedBy: r.decidedBy, reason: r.reason }]),
      );

    const ok = await call<QueuedFile>('POST', `/admin/files/${accepted}/accept`, {
      token: production,
      body: { note: 'Colours may shift.' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    let now = await decisions();
    expect(now.get(mine)).toEqual({ decision: 'accepted', decidedBy: null, reason: null });
    expect(now.get(rival)).toEqual({
      decision: 'withdrawn',
      decidedBy: null,
      reason: 'Another file was approved for this run.',
    });
    expect(now.get(sentBack)).toEqual({ decision: null, decidedBy: null, reason: null });

    const note = 'The logo is cut off at the trim: move it inside the safe area.';
    const back = await call<QueuedFile>('POST', `/admin/files/${returned}/return`, {
      token: production,
      body: { note },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    now = await decisions();
    expect(now.get(sentBack)).toEqual({ decision: 'declined', decidedBy: null, reason: note });
    for (const requestId of [mine, rival, sentBack])
      expect(mail.events).toContainEqual({ event: 'approval.decided', requestId });
    // The member reads who closed it: production, by no one's name.
    await h.background.settled();
    const [declined] = await h.database.db
      .select({ subject: outbox.subject, text: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.toEmail, buyer.email), eq(outbox.kind, 'approval-decided')))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(declined?.subject).toBe(`Your ad file for order ${second} was not approved`);
    expect(declined?.text).toContain('our production team declined to approve');
    expect(declined?.text).toContain(note);
  });

  it('answers 404 for an unknown file and 400 for an unknown queue', async () => {
    clock.set('2027-01-11T09:00:00');
    await staffSignIn();
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call('POST', `/admin/files/${unknown}/accept`, { token: production, body: { note: 'x' } }))
        .status,
    ).toBe(404);
    expect((await call('GET', `/admin/files/${unknown}/download`, { token: production })).status).toBe(404);
    expect((await call('GET', '/admin/files?state=everything', { token: production })).status).toBe(400);
  });
});
