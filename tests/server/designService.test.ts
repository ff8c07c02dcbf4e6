import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilesList } from '../../contract/adFiles';
import type { AdminOrder } from '../../contract/adminOrders';
import type { DesignView } from '../../contract/design';
import type { OrdersDue } from '../../contract/orders';
import { auditLog, companies, designProofs, orders } from '../../server/db/schema';
import { DRIVERS, type Harness } from './harness';
import { queuedMail } from './mailQueued';
import { customer, detailOf, onlyNumber, placeOrders, settableClock, signIn } from './orderShop';
import { type Answer, caller, marketOfZip, placement } from './shop';
import { staffSession } from './staffFixtures';

/*
 * The design service (issue 31, acceptance 8): a design order takes a brief instead of an ad file, the
 * studio answers with numbered proofs, and the approved proof becomes the run's ad file.
 */

/** A one-page PDF, as small as a proof can be. */
const pdf = (label: string) =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\n% ${label}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
const logoPng = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#cc3366' } })
    .png()
    .toBuffer();

describe.each(DRIVERS)('design service on %s', (_name, open) => {
  let h: Harness;
  let design: string;
  let production: string;
  let rep: string;
  let repId = '';
  let mail: ReturnType<typeof queuedMail>;
  const clock = settableClock('2027-01-11T09:00:00');
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    mail = queuedMail(h);
    design = (await placement(h, 'custom')).mediacode;
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

  /** The order's company made the rep's: a rep reads only their companies' orders (issue 32). */
  async function attributeToRep(number: string) {
    const [order] = await h.database.db.select().from(orders).where(eq(orders.number, number));
    await h.database.db
      .update(companies)
      .set({ repStaffId: repId })
      .where(eq(companies.id, order?.companyId ?? 0));
  }

  /** A multipart form sent to the API, answered as JSON. */
  async function sendForm(
    path: string,
    token: string,
    fields: Record<string, string | Blob>,
    name = 'file.bin',
  ) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields))
      if (typeof value === 'string') form.append(key, value);
      else form.append(key, value, name);
    const response = await h.app.request(`/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Answer<DesignView> };
  }
  const blob = (bytes: Uint8Array) => new Blob([new Uint8Array(bytes)]);
  const bytesAt = async (path: string, token: string) => {
    const response = await h.app.request(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    return {
      status: response.status,
      bytes: new Uint8Array(await response.arrayBuffer()),
      headers: response.headers,
    };
  };
  const designOf = async (number: string, token: string) => {
    const answer = await call<DesignView>('GET', `/orders/${number}/design`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };

  it('runs a round from the brief to an approved proof that becomes the run’s ad file', async () => {
    clock.set('2027-01-11T09:00:00');
    await staffSignIn();
    const buyer = await customer(call);
    const number = onlyNumber(
      await placeOrders(call, buyer.token, [{ mediacode: design, dates: [], quantity: 1 }]),
    );

    const placed = await detailOf(call, buyer.token, number);
    expect(placed.design).toMatchObject({
      state: 'brief',
      brief: { due: { date: '2027-01-12', days_left: 1 } },
    });
    expect(placed.runs[0]?.ad_file).toBeNull();
    // Until the brief is sent, the run's ad is due when the brief is.
    expect(placed.runs.map((run) => run.ad_due?.date)).toEqual(['2027-01-12']);
    const dueNumbers = async () =>
      (await call<OrdersDue>('GET', '/orders/due', { token: buyer.token })).body.data.orders.map(
        (o) => o.number,
      );
    expect(await dueNumbers()).toContain(number);

    const draft = await call<DesignView>('PUT', `/orders/${number}/design/brief`, {
      token: buyer.token,
      body: { offer: '20% off every spring coat', colours: 'navy and gold', notes: '' },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body.data).toMatchObject({
      state: 'brief',
      brief: { offer: '20% off every spring coat', submitted_at: null },
    });

    const noLogo = await call('PUT', `/orders/${number}/design/brief`, {
      token: buyer.token,
      body: { offer: '20% off every spring coat', colours: 'navy and gold', notes: '', submit: true },
    });
    expect(noLogo.status).toBe(422);
    expect(noLogo.body.message).toBe('Before sending the brief, add your logo.');

    const notAFile = await sendForm(`/orders/${number}/design/files`, buyer.token, {
      role: 'logo',
      file: blob(new TextEncoder().encode('just some words')),
    });
    expect(notAFile.status).toBe(422);
    const logo = await sendForm(
      `/orders/${number}/design/files`,
      buyer.token,
      { role: 'logo', file: blob(await logoPng()) },
      'logo.png',
    );
    expect(logo.status, JSON.stringify(logo.body)).toBe(200);
    expect(logo.body.data.files).toMatchObject([{ role: 'logo', name: 'logo.png' }]);

    const sent = await call<DesignView>('PUT', `/orders/${number}/design/brief`, {
      token: buyer.token,
      body: {
        offer: '20% off every spring coat',
        colours: 'navy and gold',
        notes: 'Keep it calm.',
        submit: true,
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ state: 'waiting-for-proof', brief: { due: null } });
    const briefed = await detailOf(call, buyer.token, number);
    expect(briefed.next_ad_due).toBeNull();
    expect(briefed.runs.map((run) => run.ad_due)).toEqual([null]);
    expect(await dueNumbers()).not.toContain(number);
    await attributeToRep(number);
    const staffView = await call<AdminOrder>('GET', `/admin/orders/${number}`, { token: rep });
    expect(staffView.status, JSON.stringify(staffView.body)).toBe(200);
    expect(staffView.body.data.runs.map((run) => run.ad_due)).toEqual([null]);

    // The studio reads the brief and its logo, and uploads proof 1.
    const panel = await call<DesignView>('GET', `/admin/orders/${number}/design`, { token: rep });
    expect(panel.status).toBe(200);
    const logoUrl = panel.body.data.files[0]?.url ?? '';
    expect(logoUrl).toMatch(/^\/api\/v1\/admin\/orders\/.+\/design\/files\//);
    expect((await bytesAt(logoUrl.replace('/api/v1', ''), rep)).bytes).toEqual(
      new Uint8Array(await logoPng()),
    );
    expect(
      (await sendForm(`/admin/orders/${number}/design/proofs`, rep, { file: blob(pdf('1')) })).status,
    ).toBe(403);
    const first = await sendForm(
      `/admin/orders/${number}/design/proofs`,
      production,
      { file: blob(pdf('proof one')), note: 'Navy background, gold type.' },
      'proof-1.pdf',
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.proofs).toMatchObject([
      { number: 1, name: 'proof-1.pdf', note: 'Navy background, gold type.' },
    ]);
    const [proofOne] = await h.database.db
      .select({ id: designProofs.id })
      .from(designProofs)
      .innerJoin(orders, eq(orders.id, designProofs.orderId))
      .where(eq(orders.number, number));
    expect(mail.events).toContainEqual({ event: 'design.proofReady', proofId: proofOne?.id });

    expect((await designOf(number, buyer.token)).state).toBe('review');
    const noComment = await call('POST', `/orders/${number}/design/proofs/1/changes`, {
      token: buyer.token,
      body: { comment: '  ' },
    });
    expect(noComment.status).toBe(422);
    const changes = await call<DesignView>('POST', `/orders/${number}/design/proofs/1/changes`, {
      token: buyer.token,
      body: { comment: 'Make the logo larger.' },
    });
    expect(changes.status, JSON.stringify(changes.body)).toBe(200);
    expect(changes.body.data).toMatchObject({
      state: 'waiting-for-proof',
      proofs: [{ number: 1, decision: 'changes', comment: 'Make the logo larger.' }],
    });

    clock.set('2027-01-12T15:00:00');
    await staffSignIn();
    buyer.token = await signIn(call, buyer.email);
    const proofTwo = pdf('proof two, larger logo');
    const second = await sendForm(
      `/admin/orders/${number}/design/proofs`,
      production,
      { file: blob(proofTwo) },
      'proof-2.pdf',
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const stale = await call('POST', `/orders/${number}/design/proofs/1/approve`, { token: buyer.token });
    expect(stale.status).toBe(409);
    const approved = await call<DesignView>('POST', `/orders/${number}/design/proofs/2/approve`, {
      token: buyer.token,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.state).toBe('approved');

    const detail = await detailOf(call, buyer.token, number);
    expect(detail.runs[0]?.ad_file).toMatchObject({ state: 'approved', file: { name: 'proof-2.pdf' } });
    expect(detail.runs[0]?.ad_due).toBeNull();
    const files = await call<FilesList>('GET', '/files', { token: buyer.token });
    const adFile = files.body.data.files.find((f) => f.name === 'proof-2.pdf');
    expect(adFile).toMatchObject({ status: 'passed', format: 'pdf' });
    expect(adFile?.runs[0]?.approved).not.toBeNull();
    const downloaded = await bytesAt(`/files/${adFile?.id}/download`, buyer.token);
    expect(downloaded.status).toBe(200);
    expect(downloaded.bytes).toEqual(proofTwo);
    const proofFile = await bytesAt(`/orders/${number}/design/proofs/2/file`, buyer.token);
    expect(proofFile.headers.get('content-type')).toBe('application/pdf');
    expect(proofFile.headers.get('content-security-policy')).toMatch(/^default-src 'none';.* sandbox$/);
    expect(proofFile.bytes).toEqual(proofTwo);

    const late = await sendForm(
      `/admin/orders/${number}/design/proofs`,
      production,
      { file: blob(pdf('3')) },
      'proof-3.pdf',
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Proof 2 is approved: the design is done.');

    const audited = await h.database.db
      .select({ action: auditLog.action, type: auditLog.recordType })
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'design-proof'), eq(auditLog.action, 'design.proofUploaded')));
    expect(audited.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a proof before the brief is sent, and keeps design routes to design orders of the company', async () => {
    clock.set('2027-01-11T09:00:00');
    await staffSignIn();
    const buyer = await customer(call);
    const number = onlyNumber(
      await placeOrders(call, buyer.token, [{ mediacode: design, dates: [], quantity: 1 }]),
    );
    const early = await sendForm(
      `/admin/orders/${number}/design/proofs`,
      production,
      { file: blob(pdf('x')) },
      'x.pdf',
    );
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('The customer has not sent the brief yet: a proof answers a brief.');

    // A brief's file may be far larger than any other request under /orders/ (20 MB, not 16 KB).
    const large = await sendForm(`/orders/${number}/design/files`, buyer.token, {
      role: 'photo',
      file: blob(new Uint8Array(200 * 1024).fill(65)),
    });
    expect(large.status).toBe(422);
    expect(large.body.message).toBe(
      'That file is not a PDF, PNG, JPEG, SVG or ZIP file. Send your photo as one of those.',
    );
    const longBrief = await call('PUT', `/orders/${number}/design/brief`, {
      token: buyer.token,
      body: { offer: 'x'.repeat(200 * 1024) },
    });
    expect(longBrief.status).toBe(413);

    // Ids the database's columns cannot hold are no file and no proof: a 404, not a database error.
    const unknown = [
      ['GET', `/orders/${number}/design/files/abc`, buyer.token],
      ['GET', `/admin/orders/${number}/design/files/abc`, rep],
      ['GET', `/orders/${number}/design/proofs/99999999999/file`, buyer.token],
      ['GET', `/admin/orders/${number}/design/proofs/99999999999/file`, rep],
    ] as const;
    for (const [method, path, token] of unknown)
      expect([path, (await call(method, path, { token })).status]).toEqual([path, 404]);
    const removed = await h.app.request(`/api/v1/orders/${number}/design/files/abc`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(removed.status).toBe(404);

    const stranger = await customer(call);
    expect((await call('GET', `/orders/${number}/design`, { token: stranger.token })).status).toBe(404);
    expect((await call('GET', `/orders/${number}/design`)).status).toBe(401);

    const magazine = (await placement(h, 'printmag', { prodcode: await marketOfZip(h, '60601') })).mediacode;
    const print = onlyNumber(
      await placeOrders(call, buyer.token, [{ mediacode: magazine, dates: ['2027/03'], quantity: 1 }]),
    );
    const notDesign = await call('GET', `/orders/${print}/design`, { token: buyer.token });
    expect(notDesign.status).toBe(404);
    expect(notDesign.body.message).toBe(
      'This order is not a design service: it takes an ad file instead of a brief.',
    );
    expect((await detailOf(call, buyer.token, print)).design).toBeNull();
  });
});
