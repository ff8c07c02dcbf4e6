import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminOrder, adminOrder, type QueuedOrder, queuedOrder } from '../../contract/adminOrders';
import type { InvoicesAnswer } from '../../contract/billing';
import { envelope } from '../../contract/envelope';
import type { StaffRole } from '../../contract/staff';
import { openStaffSession } from '../../server/data/staffSessions';
import {
  auditLog,
  companies,
  designProofs,
  invoices,
  orders,
  staff as staffTable,
} from '../../server/db/schema';
import { s3Storage } from '../../server/files/storage';
import type { MailEvent } from '../../server/mail/mailEvent';
import { insertRunFile } from '../support/fileRows';
import { startLocalS3 } from '../support/localS3';
import { DRIVERS, type Harness } from './harness';
import { customer, detailOf, placeCart, placeOrders, settableClock, signIn } from './orderShop';
import { availableDates, caller, everyDoorMailing, marketOfZip, placement } from './shop';
import { staffSession } from './staffFixtures';

/*
 * The back office's orders (issue 31, acceptance 5 and 6): one queue across every company with its
 * filters and the reasons an order needs attention, then booking, proofs of delivery by channel,
 * internal notes and cancelling for the customer, each audited, and what the customer sees of them.
 * Chicago's first TV station (TV508-01) sells the week of Jan 25, 2027 (creative due Friday Jan 22);
 * its first magazine (PM508-01) the March 2027 issue (due Jan 29). Instants are local times.
 */
const PLACED = '2027-01-11T09:00:00';
const WEEK = '2027-01-25';
const ISSUE = '2027/03';

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
  8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde,
]);
const csv = (body: string) => new TextEncoder().encode(body);

describe.each(DRIVERS)('the back office’s orders on %s', (_name, open) => {
  let h: Harness;
  let tv: string;
  let magazine: string;
  let eddmDrop: string;
  const clock = settableClock(PLACED);
  const call = caller(() => h);
  const staffIds: Partial<Record<StaffRole, string>> = {};
  /** A session of `role` opened at the clock's time: a staff session lasts 8 hours, and the tests move the clock by weeks. */
  const staffToken = async (role: StaffRole) =>
    (await openStaffSession(h.database.db, staffIds[role] ?? '', clock.now(), 8, null)).token;
  /** The mail events queued by the back office's writes, in order. */
  const queued: MailEvent[] = [];

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    const chicago = await marketOfZip(h, '60601');
    tv = (await placement(h, 'tv', { prodcode: chicago })).mediacode;
    magazine = (await placement(h, 'printmag', { prodcode: chicago })).mediacode;
    const eddm = (await placement(h, 'eddm', { prodcode: await marketOfZip(h, '60614') })).mediacode;
    [eddmDrop = ''] = await availableDates(call, eddm, 1);
    for (const role of ['admin', 'production', 'rep'] as const)
      staffIds[role] = (await staffSession(h, role, { now: clock.now() })).staff.id;
    // Every write's events, as the transaction queues them (the composer of their e-mails is part 5's).
    const inTransaction = h.jobs.inTransaction.bind(h.jobs);
    h.jobs.inTransaction = (db, work) =>
      inTransaction(db, (tx, send) =>
        work(tx, (kind, data, options) => {
          if (kind === 'mail.compose') queued.push(data as MailEvent);
          return send(kind, data, options);
        }),
      );
  });
  afterAll(async () => {
    await h.close();
  });

  const admin = async <T>(
    method: 'GET' | 'POST',
    url: string,
    options: { role?: StaffRole; body?: unknown } = {},
  ) =>
    call<T>(method, `/admin${url}`, {
      token: await staffToken(options.role ?? 'production'),
      body: options.body,
    });

  /** The company of an order made the rep's (issue 32: a rep reads only their companies' orders). */
  const attributeToRep = async (number: string) => {
    const [order] = await h.database.db.select().from(orders).where(eq(orders.number, number));
    await h.database.db
      .update(companies)
      .set({ repStaffId: staffIds.rep ?? null })
      .where(eq(companies.id, order?.companyId ?? 0));
  };

  /** A new company's TV week and magazine issue, placed at PLACED: [tv order, magazine order]. */
  const twoOrders = async (company?: string) => {
    clock.set(PLACED);
    const buyer = await customer(call, company);
    const placed = await placeOrders(call, buyer.token, [
      { mediacode: tv, dates: [WEEK], quantity: 5 },
      { mediacode: magazine, dates: [ISSUE], quantity: 1 },
    ]);
    const [tvOrder = '', magazineOrder = ''] = placed.orders.map((o) => o.number);
    // Issue 32: a rep reads only their companies' orders; these tests' rep reads these.
    await attributeToRep(tvOrder);
    return { buyer, tvOrder, magazineOrder };
  };

  const queue = async (query: string) => {
    const answer = await admin<QueuedOrder[]>('GET', `/orders?${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return envelope(queuedOrder.array()).parse(answer.body);
  };
  const numbersOf = async (query: string) => (await queue(query)).data.map((o) => o.number);

  /** POST …/runs/{run}/proof as a form with the file and the fields given. */
  const sendProof = async (
    number: string,
    run: string,
    fields: { kind: string; bytes?: Uint8Array; name?: string; dropped_on?: string; pieces?: string },
    role: StaffRole = 'production',
  ) => {
    const form = new FormData();
    form.append('kind', fields.kind);
    if (fields.dropped_on) form.append('dropped_on', fields.dropped_on);
    if (fields.pieces) form.append('pieces', fields.pieces);
    form.append('file', new Blob([Buffer.from(fields.bytes ?? PDF)]), fields.name ?? 'proof.pdf');
    const response = await h.app.request(
      `/api/v1/admin/orders/${number}/runs/${encodeURIComponent(run)}/proof`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${await staffToken(role)}` },
        body: form,
      },
    );
    return {
      status: response.status,
      body: (await response.json()) as { data: AdminOrder; message: string },
    };
  };

  const auditOf = (action: string, recordId: string) =>
    h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.recordId, recordId)));

  it('lists every company’s orders in one queue, soonest ad due first, found by number or company', async () => {
    const first = await twoOrders(`Lakeside Bakery ${Date.now().toString(36)}`);
    const second = await twoOrders(`Harbor Dental ${Date.now().toString(36)}`);
    const all = await numbersOf('');
    for (const n of [first.tvOrder, first.magazineOrder, second.tvOrder, second.magazineOrder])
      expect(all).toContain(n);
    const lakeside = await queue('q=lakeside');
    expect(lakeside.data.map((o) => o.number)).toEqual([first.tvOrder, first.magazineOrder]);
    expect(lakeside.data[0]).toMatchObject({
      company: expect.stringMatching(/^Lakeside Bakery/),
      next_run: 'Week of Jan 25, 2027',
      booking: 'pending',
      delivery: 'pending',
      attention: [],
    });
    expect(await numbersOf(`q=${second.magazineOrder}`)).toEqual([second.magazineOrder]);
    // The number's digits alone find it too, as a person types them off an e-mail.
    expect(await numbersOf(`q=${second.magazineOrder.slice(-6)}`)).toContain(second.magazineOrder);
  });

  it('filters by status, to book, to deliver, the ad-due window, files and channel', async () => {
    const company = `Filter Co ${Date.now().toString(36)}`;
    const { tvOrder, magazineOrder } = await twoOrders(company);
    const q = `q=${encodeURIComponent(company)}`;
    expect(await numbersOf(`${q}&status=upcoming`)).toEqual([tvOrder, magazineOrder]);
    expect(await numbersOf(`${q}&status=running`)).toEqual([]);
    expect(await numbersOf(`${q}&status=to-book`)).toEqual([tvOrder, magazineOrder]);
    expect(await numbersOf(`${q}&due_from=2027-01-22&due_to=2027-01-22`)).toEqual([tvOrder]);
    expect(await numbersOf(`${q}&due_from=2027-01-23`)).toEqual([magazineOrder]);
    // A day the calendar does not have is a 400, not a query of an Invalid Date.
    for (const day of ['2024-13-01', '2027-02-30'])
      expect((await admin('GET', `/orders?due_from=${day}`)).status).toBe(400);
    expect(await numbersOf(`${q}&no_approved_file=yes`)).toEqual([tvOrder, magazineOrder]);
    expect(await numbersOf(`${q}&channel=printmag`)).toEqual([magazineOrder]);
    expect(await numbersOf(`${q}&channel=tv`)).toEqual([tvOrder]);

    expect((await admin('POST', `/orders/${tvOrder}/booking`, { body: { reference: 'WGN-1' } })).status).toBe(
      200,
    );
    expect(await numbersOf(`${q}&status=to-book`)).toEqual([magazineOrder]);

    clock.set('2027-01-24T09:00:00');
    // The week's ad was due Friday: it is no longer to hand in.
    expect(await numbersOf(`${q}&no_approved_file=yes`)).toEqual([magazineOrder]);
    clock.set('2027-01-28T12:00:00');
    expect(await numbersOf(`${q}&status=running`)).toEqual([tvOrder]);
    expect(await numbersOf(`${q}&status=to-deliver`)).toEqual([]);
    clock.set('2027-02-01T09:00:00');
    expect(await numbersOf(`${q}&status=to-deliver`)).toEqual([tvOrder]);
    expect(await numbersOf(`${q}&status=completed`)).toEqual([tvOrder]);
  });

  it('says why an order needs attention: an ad due within three days, a run ended a week without proof', async () => {
    const company = `Attention Co ${Date.now().toString(36)}`;
    const { tvOrder, magazineOrder } = await twoOrders(company);
    const q = `q=${encodeURIComponent(company)}&needs_attention=yes`;
    expect(await numbersOf(q)).toEqual([]);
    clock.set('2027-01-20T09:00:00');
    const due = await queue(q);
    expect(due.data.map((o) => [o.number, o.attention])).toEqual([
      [tvOrder, ['The ad for the week of Jan 25, 2027 is due Jan 22, 2027 and no file is approved yet.']],
    ]);
    clock.set('2027-01-27T09:00:00');
    expect((await queue(q)).data.map((o) => [o.number, o.attention])).toEqual([
      [magazineOrder, ['The ad for the March 2027 issue is due Jan 29, 2027 and no file is approved yet.']],
    ]);
    clock.set('2027-02-08T09:00:00');
    const late = await queue(q);
    // The magazine's ad was due Jan 29: past due is the cancel deadline's matter, not a reminder's.
    expect(late.data.map((o) => [o.number, o.attention])).toEqual([
      [tvOrder, ['The week of Jan 25, 2027 ended Jan 31, 2027 and has no proof of delivery yet.']],
    ]);
    // Its proof answers it.
    const proven = await sendProof(tvOrder, WEEK, {
      kind: 'delivery-report',
      bytes: csv('date,impressions\n2027-01-25,100\n'),
      name: 'report.csv',
    });
    expect(proven.status, JSON.stringify(proven.body)).toBe(200);
    expect(await numbersOf(q)).toEqual([]);
  });

  it('says when a run’s latest file failed its checks and when the customer asked for design changes', async () => {
    const company = `Trouble Co ${Date.now().toString(36)}`;
    const { magazineOrder } = await twoOrders(company);
    const [order] = await h.database.db
      .select({ id: orders.id, companyId: orders.companyId })
      .from(orders)
      .where(eq(orders.number, magazineOrder));
    await insertRunFile(h.database.db, {
      id: randomUUID(),
      companyId: order?.companyId ?? 0,
      name: 'march.pdf',
      declaredType: 'application/pdf',
      size: 1000,
      status: 'attention',
      orderId: order?.id ?? 0,
      runValue: ISSUE,
    });
    const q = `q=${encodeURIComponent(company)}&needs_attention=yes`;
    expect((await queue(q)).data.map((o) => [o.number, o.attention])).toEqual([
      [magazineOrder, ['The latest ad file for the March 2027 issue failed its checks.']],
    ]);

    clock.set(PLACED);
    const buyer = await customer(call, company);
    const design = (await placeOrders(call, buyer.token, [{ mediacode: 'CU-01', dates: [], quantity: 1 }]))
      .orders[0]?.number;
    const [designOrder] = await h.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.number, design ?? ''));
    const [studio] = await h.database.db.select({ id: staffTable.id }).from(staffTable).limit(1);
    await h.database.db.insert(designProofs).values({
      id: randomUUID(),
      orderId: designOrder?.id ?? 0,
      number: 1,
      storageKey: 'design-x',
      fileName: 'proof-1.pdf',
      contentType: 'application/pdf',
      size: 10,
      uploadedBy: studio?.id ?? '',
      uploadedAt: new Date(PLACED),
      decision: 'changes',
      comment: 'Bigger logo',
    });
    expect((await queue(`${q}&channel=custom`)).data.map((o) => [o.number, o.attention])).toEqual([
      [design, ['The customer asked for changes to design proof 1: send a new proof.']],
    ]);
  });

  it('lets a rep read the queue and an order but not book it; customers’ tokens are not staff tokens', async () => {
    const { buyer, tvOrder } = await twoOrders();
    expect((await admin('GET', `/orders/${tvOrder}`, { role: 'rep' })).status).toBe(200);
    const refused = await admin('POST', `/orders/${tvOrder}/booking`, {
      role: 'rep',
      body: { reference: 'X' },
    });
    expect(refused.status).toBe(403);
    expect((await call('GET', '/admin/orders', { token: buyer.token })).status).toBe(401);
    expect((await call('GET', `/orders/${tvOrder}`, { token: await staffToken('admin') })).status).toBe(401);
  });

  it('confirms a booking with the publisher’s reference: the customer sees it, the timeline says so, it is audited and e-mailed', async () => {
    const { buyer, magazineOrder } = await twoOrders();
    clock.set('2027-01-12T10:00:00');
    const empty = await admin('POST', `/orders/${magazineOrder}/booking`, { body: { reference: '  ' } });
    expect(empty.status).toBe(422);
    const noRuns = await admin('POST', `/orders/${magazineOrder}/booking`, {
      body: { reference: 'CHI-MAG-4471', runs: [] },
    });
    expect(noRuns.status).toBe(422);
    expect(noRuns.body.message).toBe('Please check the highlighted fields.');
    const booked = await admin<AdminOrder>('POST', `/orders/${magazineOrder}/booking`, {
      body: { reference: 'CHI-MAG-4471' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(envelope(adminOrder).parse(booked.body).data.runs[0]?.booking.state).toBe('confirmed');
    const token = await signIn(call, buyer.email);
    const detail = await detailOf(call, token, magazineOrder);
    expect(detail.runs[0]?.booking).toEqual({
      state: 'confirmed',
      reference: 'CHI-MAG-4471',
      at: new Date('2027-01-12T10:00:00').toISOString(),
    });
    expect(detail.timeline.map((s) => [s.step, s.label, s.state])).toEqual([
      ['placed', 'Order placed', 'done'],
      ['ad-due', 'Ad due', 'current'],
      ['booked', 'Booked with the publisher', 'done'],
      ['running', 'Running', 'next'],
      ['completed', 'Completed', 'next'],
    ]);
    const [entry] = await auditOf('order.booked', magazineOrder);
    expect(entry).toMatchObject({
      recordType: 'order',
      before: { booking: { [ISSUE]: null } },
      after: { booking: { [ISSUE]: 'CHI-MAG-4471' } },
    });
    const [order] = await h.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.number, magazineOrder));
    expect(queued).toContainEqual({
      event: 'order.booked',
      orderId: order?.id,
      at: new Date('2027-01-12T10:00:00').toISOString(),
    });
  });

  it('marks a magazine run delivered with a tear sheet the customer views, and no other company can', async () => {
    const { buyer, magazineOrder } = await twoOrders();
    clock.set('2027-03-05T09:00:00');
    const sent = await sendProof(magazineOrder, ISSUE, { kind: 'tear-sheet', name: 'March tear sheet.pdf' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const token = await signIn(call, buyer.email);
    const run = (await detailOf(call, token, magazineOrder)).runs[0];
    expect(run?.delivery.state).toBe('delivered');
    expect(run?.delivery.at).toBe(new Date('2027-03-05T09:00:00').toISOString());
    const [proof] = run?.delivery.proofs ?? [];
    expect(proof).toMatchObject({
      kind: 'tear-sheet',
      label: 'tear sheet',
      name: 'March tear sheet.pdf',
      details: null,
    });
    const url = proof?.url ?? '';
    expect(url).toBe(`/api/v1/orders/${magazineOrder}/runs/2027%2F03/proofs/${proof?.id}`);
    const download = await h.app.request(url, { headers: { authorization: `Bearer ${token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^inline; filename="March tear sheet.pdf"/);
    // Shown in a tab, it still runs nothing: the file policy, not the app's page policy.
    expect(download.headers.get('content-security-policy')).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
    const stranger = await customer(call);
    expect(
      (await h.app.request(url, { headers: { authorization: `Bearer ${stranger.token}` } })).status,
    ).toBe(404);
    // An id of 36 dashes is no UUID: no proof (404), for the customer and for staff, not a database error.
    const dashes = '-'.repeat(36);
    const noSuchProof = await h.app.request(url.replace(proof?.id ?? '', dashes), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(noSuchProof.status).toBe(404);
    const staffAsks = await admin('GET', `/orders/${magazineOrder}/runs/2027%2F03/proofs/${dashes}`, {
      role: 'rep',
    });
    expect(staffAsks.status).toBe(404);
    const [entry] = await auditOf('run.delivered', `${magazineOrder}/${ISSUE}`);
    expect(entry?.after).toMatchObject({ kind: 'tear-sheet', proof: proof?.id });
    expect(queued).toContainEqual(
      expect.objectContaining({ event: 'run.delivered', run: ISSUE, proofId: proof?.id }),
    );
    const detail = await detailOf(call, token, magazineOrder);
    expect(detail.timeline.map((s) => s.step)).toEqual([
      'placed',
      'ad-due',
      'running',
      'delivered',
      'completed',
    ]);
  });

  it('takes only the proofs of the run’s channel, checked by their content', async () => {
    const { tvOrder, magazineOrder } = await twoOrders();
    clock.set('2027-03-05T09:00:00');
    const wrongKind = await sendProof(magazineOrder, ISSUE, {
      kind: 'delivery-report',
      bytes: csv('impressions\n1\n'),
    });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.message).toBe(
      'A run of this channel is proven with a tear sheet or photo, not a delivery report.',
    );
    const notAPdf = await sendProof(magazineOrder, ISSUE, {
      kind: 'tear-sheet',
      bytes: csv('hello'),
      name: 'x.pdf',
    });
    expect(notAPdf.status).toBe(422);
    expect(notAPdf.body.message).toBe('A tear sheet is a PDF, JPEG or PNG file; this file is not.');
    const photo = await sendProof(magazineOrder, ISSUE, { kind: 'photo', bytes: PNG, name: 'stand.png' });
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);

    const noColumn = await sendProof(tvOrder, WEEK, {
      kind: 'delivery-report',
      bytes: csv('day,plays\n2027-01-25,4\n'),
    });
    expect(noColumn.status).toBe(422);
    expect(noColumn.body.message).toBe(
      'The delivery report needs a header row with an "impressions" column.',
    );
    const notWhole = await sendProof(tvOrder, WEEK, {
      kind: 'delivery-report',
      bytes: csv('impressions\n12.5\n'),
    });
    expect(notWhole.body.message).toBe(
      'Row 2 of the delivery report has "12.5" as impressions: write a whole number.',
    );
    const report = await sendProof(tvOrder, WEEK, {
      kind: 'delivery-report',
      bytes: csv(
        'Date,Spot,Impressions\r\n2027-01-25,"Morning, news","12,000"\r\n2027-01-26,Evening,29250\r\n',
      ),
      name: 'wgn.csv',
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const [proof] = report.body.data.runs[0]?.delivery.proofs ?? [];
    expect(proof?.details).toBe('41,250 impressions');
    // The back office's own page downloads it from its own address; a report downloads as a file.
    expect(proof?.url.startsWith(`/api/v1/admin/orders/${tvOrder}/runs/`)).toBe(true);
    const download = await h.app.request(proof?.url ?? '', {
      headers: { authorization: `Bearer ${await staffToken('rep')}` },
    });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="wgn.csv"/);
  });

  it('asks a drop’s date and pieces, and refuses a design-service order with nothing to book or deliver', async () => {
    clock.set(PLACED);
    const buyer = await customer(call);
    const { cart } = await everyDoorMailing(call, eddmDrop, { token: buyer.token });
    const placed = await placeCart(call, buyer.token, cart);
    const mailing = placed.orders[0]?.number ?? '';
    const design = (await placeOrders(call, buyer.token, [{ mediacode: 'CU-01', dates: [], quantity: 1 }]))
      .orders[0]?.number;
    clock.set(`${eddmDrop}T12:00:00`);
    const noPieces = await sendProof(mailing, eddmDrop, { kind: 'drop-confirmation', dropped_on: eddmDrop });
    expect(noPieces.status).toBe(422);
    expect(noPieces.body.message).toBe(
      'A drop confirmation needs the drop date and how many pieces were dropped.',
    );
    const dropped = await sendProof(mailing, eddmDrop, {
      kind: 'drop-confirmation',
      dropped_on: eddmDrop,
      pieces: '1200',
    });
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    expect(dropped.body.data.runs[0]?.delivery.proofs[0]?.details).toMatch(/^Dropped .*, 1,200 pieces$/);

    const refused = await sendProof(design ?? '', 'design', { kind: 'tear-sheet' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Design-service orders have no delivery to prove: there is nothing to upload.',
    );
    const unbooked = await admin<AdminOrder>('POST', `/orders/${design}/booking`, {
      body: { reference: 'STUDIO-1' },
    });
    expect(unbooked.status).toBe(409);
    expect(unbooked.body.message).toBe('A design-service order has nothing to book with a publisher.');
    expect((await admin<AdminOrder>('GET', `/orders/${design}`)).body.data.runs[0]?.booking.state).toBe(
      'pending',
    );
  });

  it('books and delivers nothing for an order still waiting for its card payment', async () => {
    const { magazineOrder } = await twoOrders();
    const [order] = await h.database.db
      .select({ invoiceId: orders.invoiceId })
      .from(orders)
      .where(eq(orders.number, magazineOrder));
    await h.database.db
      .update(invoices)
      .set({ paymentMethod: 'card', paidAt: null })
      .where(eq(invoices.id, order?.invoiceId ?? 0));
    const waiting = `Order ${magazineOrder} waits for its card payment: book and deliver it once it is paid.`;
    const booked = await admin('POST', `/orders/${magazineOrder}/booking`, { body: { reference: 'X-1' } });
    expect([booked.status, booked.body.message]).toEqual([409, waiting]);
    clock.set('2027-03-05T09:00:00');
    const proved = await sendProof(magazineOrder, ISSUE, { kind: 'tear-sheet' });
    expect([proved.status, proved.body.message]).toEqual([409, waiting]);
  });

  it('keeps internal notes on the order page, which the customer never sees', async () => {
    const { buyer, tvOrder } = await twoOrders();
    const noted = await admin<AdminOrder>('POST', `/orders/${tvOrder}/notes`, {
      body: { body: 'Publisher asked for a 15-second cut.' },
    });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    const order = envelope(adminOrder).parse(
      (await admin('GET', `/orders/${tvOrder}`, { role: 'rep' })).body,
    ).data;
    expect(order.notes.map((n) => n.body)).toEqual(['Publisher asked for a 15-second cut.']);
    expect(order.proof_kinds).toEqual(['delivery-report']);
    expect(order.company.name).toMatch(/^Shopper & Co/);
    const seen = await call('GET', `/orders/${tvOrder}`, { token: await signIn(call, buyer.email) });
    expect(JSON.stringify(seen.body)).not.toContain('15-second');
    expect(await auditOf('order.noted', tvOrder)).toHaveLength(1);
  });

  it('cancels for the customer with the credit a customer’s cancel gives, until the ad is due', async () => {
    const { buyer, tvOrder, magazineOrder } = await twoOrders();
    clock.set('2027-01-15T09:00:00');
    const cancelled = await admin<AdminOrder>('POST', `/orders/${magazineOrder}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.cancelled?.by).toBeNull();
    const [row] = await h.database.db
      .select({ byStaff: orders.cancelledByStaff, by: orders.cancelledBy })
      .from(orders)
      .where(eq(orders.number, magazineOrder));
    expect(row?.byStaff).not.toBeNull();
    expect(row?.by).toBeNull();
    const token = await signIn(call, buyer.email);
    const invoices = (await call<InvoicesAnswer>('GET', '/invoices', { token })).body.data;
    expect(invoices.invoices[0]?.credits.map((c) => c.order_number)).toEqual([magazineOrder]);
    expect(await auditOf('order.cancelled', magazineOrder)).toHaveLength(1);
    expect(queued).toContainEqual(expect.objectContaining({ event: 'order.cancelled' }));

    clock.set('2027-01-23T09:00:00');
    const late = await admin('POST', `/orders/${tvOrder}/cancel`);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'The ad for the week of Jan 25, 2027 was due on Jan 22, 2027; after that date the order can no longer be cancelled.',
    );
  });
});

describe('proofs of delivery in an S3 bucket', () => {
  it('keeps bytes made outside tus where read finds them', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'adlane-s3-'));
    const s3 = await startLocalS3(folder, 'adlane-proofs');
    try {
      const storage = s3Storage({
        bucket: 'adlane-proofs',
        region: 'us-east-1',
        endpoint: s3.endpoint,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      });
      await storage.putBytes('proof-1', csv('impressions\n5\n'), 'text/csv');
      expect(await text(await storage.read('proof-1'))).toBe('impressions\n5\n');
    } finally {
      await s3.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('keeps no bytes of a delivery that failed after they were stored', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'adlane-s3-'));
    const s3 = await startLocalS3(folder, 'adlane-proofs');
    const clock = settableClock(PLACED);
    const [[, open] = ['', async () => Promise.reject(new Error('No driver'))]] = DRIVERS;
    const h = await open({
      clock: clock.now,
      storage: s3Storage({
        bucket: 'adlane-proofs',
        region: 'us-east-1',
        endpoint: s3.endpoint,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      }),
    });
    try {
      const call = caller(() => h);
      const magazine = (await placement(h, 'printmag', { prodcode: await marketOfZip(h, '60601') }))
        .mediacode;
      const buyer = await customer(call);
      const placed = await placeOrders(call, buyer.token, [
        { mediacode: magazine, dates: [ISSUE], quantity: 1 },
      ]);
      const number = placed.orders[0]?.number ?? '';
      clock.set('2027-03-05T09:00:00');
      const { token } = await staffSession(h, 'production', { now: clock.now() });
      // The delivery's transaction fails after the proof's bytes are in the bucket.
      const inTransaction = h.jobs.inTransaction.bind(h.jobs);
      h.jobs.inTransaction = (db, work) =>
        inTransaction(db, (tx, send) =>
          work(tx, (kind, data, options) => {
            if ((data as MailEvent).event === 'run.delivered') throw new Error('The job queue is down.');
            return send(kind, data, options);
          }),
        );
      const form = new FormData();
      form.append('kind', 'tear-sheet');
      form.append('file', new Blob([Buffer.from(PDF)]), 'proof.pdf');
      const failed = await h.app.request(
        `/api/v1/admin/orders/${number}/runs/${encodeURIComponent(ISSUE)}/proof`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        },
      );
      expect(failed.status).toBe(500);
      const kept = (await readdir(folder, { recursive: true })).filter((name) => name.includes('proof-'));
      expect(kept).toEqual([]);
    } finally {
      await h.close();
      await s3.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
