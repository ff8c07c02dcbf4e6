import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdFile, adFile, filesList } from '../../contract/adFiles';
import { envelope } from '../../contract/envelope';
import { COMPANY_QUOTA_BYTES } from '../../contract/uploads';
import { adFiles } from '../../server/db/schema';
import { cmykJpeg, rgbPng } from '../support/magazineArtwork';
import { DRIVERS, type Harness } from './harness';
import { customer, onlyNumber, placeOrders, settableClock, signIn } from './orderShop';
import { caller, marketOfZip, placement } from './shop';
import { createUpload, offsetOf, patch, terminate, uploadWhole } from './tusClient';

/*
 * Ad files on the server (issue 16): resumable uploads refused before their bytes when they cannot be
 * taken, preflighted against the order's placement the moment they arrive, approved as a run's ad
 * until its ad-due date, and invisible to every other company. Chicago's first magazine sells the
 * March 2027 issue; its artwork is due 29 January 2027 (the clock starts on 11 January).
 */

describe.each(DRIVERS)('ad files on %s', (_name, open) => {
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

  const orderOfNewCustomer = async () => {
    clock.set('2027-01-11T09:00:00');
    const buyer = await customer(call);
    const number = onlyNumber(
      await placeOrders(call, buyer.token, [{ mediacode: magazine, dates: ['2027/03'], quantity: 1 }]),
    );
    return { buyer, number };
  };

  const fileAfterChecks = async (token: string, id: string): Promise<AdFile> => {
    await h.background.settled();
    const answer = await call<AdFile>('GET', `/files/${id}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return envelope(adFile).parse(answer.body).data;
  };

  it('checks an RGB 72 ppi PNG against the magazine and says what to do', async () => {
    const { buyer, number } = await orderOfNewCustomer();
    const id = await uploadWhole(h, buyer.token, await rgbPng(), {
      filename: 'cover.png',
      filetype: 'image/png',
      order: number,
      run: '2027/03',
    });
    const file = await fileAfterChecks(buyer.token, id);
    expect(file.status).toBe('attention');
    expect(file.format).toBe('png');
    expect(file.runs).toMatchObject([{ order: number, run: '2027/03', run_label: 'March 2027 issue' }]);
    const failed = file.checks.filter((c) => c.result === 'failed').map((c) => c.message);
    expect(failed).toContain(
      '72 ppi at 8.625 × 11.125 in; print needs 300 ppi: export at least 2,588 × 3,338 px.',
    );
    expect(failed.some((m) => /CMYK/.test(m))).toBe(true);
    expect(file.runs[0]?.can_approve).toBe(false);
    expect(file.thumbnail_url).not.toBeNull();
    const refused = await call('POST', `/files/${id}/approve`, { token: buyer.token });
    expect(refused.status).toBe(409);
  });

  it('says nothing is due for a file of a cancelled order (issue 28, point 3)', async () => {
    const { buyer, number } = await orderOfNewCustomer();
    const id = await uploadWhole(h, buyer.token, await cmykJpeg(), {
      filename: 'march-issue.jpg',
      filetype: 'image/jpeg',
      order: number,
      run: '2027/03',
    });
    expect((await fileAfterChecks(buyer.token, id)).runs[0]).toMatchObject({
      ad_due: { date: '2027-01-29' },
      cancelled: false,
    });
    expect((await call('POST', `/orders/${number}/cancel`, { token: buyer.token })).status).toBe(200);
    const file = await fileAfterChecks(buyer.token, id);
    expect(file.runs[0]).toMatchObject({
      order: number,
      run: '2027/03',
      run_label: 'March 2027 issue',
      ad_due: null,
      cancelled: true,
    });
    expect(file.runs[0]?.approve_note).toBe(`Order ${number} is cancelled: it needs no ad.`);
  });

  it('takes a CMYK file in chunks, resumes from the offset, passes it and approves it until the ad is due', async () => {
    const { buyer, number } = await orderOfNewCustomer();
    const bytes = await cmykJpeg();
    const created = await createUpload(h, buyer.token, bytes.length, {
      filename: 'march-issue.jpg',
      filetype: 'image/jpeg',
      order: number,
      run: '2027/03',
    });
    expect(created.status, created.text).toBe(201);
    const path = created.path ?? '';
    const half = Math.floor(bytes.length / 2);
    expect((await patch(h, buyer.token, path, 0, bytes.subarray(0, half))).status).toBe(204);
    // The connection dropped: the client asks where to go on and sends only the rest.
    const { offset } = await offsetOf(h, buyer.token, path);
    expect(offset).toBe(half);
    const listedMidway = await call<{ files: AdFile[] }>('GET', '/files', { token: buyer.token });
    expect(listedMidway.body.data.files[0]?.status).toBe('uploading');
    expect((await patch(h, buyer.token, path, offset, bytes.subarray(offset))).status).toBe(204);
    const id = path.split('/').pop() ?? '';
    const file = await fileAfterChecks(buyer.token, id);
    expect(file.status, JSON.stringify(file.checks)).toBe('passed');
    expect(file.runs[0]?.can_approve).toBe(true);

    const dueBefore = await call<{ total: number }>('GET', '/orders/due', { token: buyer.token });
    expect(dueBefore.body.data.total).toBe(1);
    const approved = await call<AdFile>('POST', `/files/${id}/approve`, { token: buyer.token });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.runs[0]?.approved?.by).toBe(buyer.name);
    // An approved ad is handed in: the dashboard no longer lists it among the ads due.
    const dueAfter = await call<{ total: number }>('GET', '/orders/due', { token: buyer.token });
    expect(dueAfter.body.data.total).toBe(0);

    const listed = await call('GET', `/files?order=${number}&view=approved`, { token: buyer.token });
    expect(
      envelope(filesList)
        .parse(listed.body)
        .data.files.map((f) => f.id),
    ).toEqual([id]);

    // After the ad-due date the approved ad stays: it can be neither deleted nor replaced.
    clock.set('2027-01-30T08:00:00');
    const token = await signIn(call, buyer.email);
    const late = await h.app.request(`/api/v1/files/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(late.status).toBe(409);
    const moved = await call('POST', `/files/${id}/attach`, { token, body: { sheet: 'magazine-print-ads' } });
    expect(moved.status).toBe(409);
  });

  it('keeps one approved ad per run, even when two files are approved at once', async () => {
    const { buyer, number } = await orderOfNewCustomer();
    const bytes = await cmykJpeg();
    const ids = [];
    for (const name of ['one.jpg', 'two.jpg'])
      ids.push(
        await uploadWhole(h, buyer.token, bytes, { filename: name, filetype: 'image/jpeg', order: number }),
      );
    await h.background.settled();
    const answers = await Promise.all(
      ids.map((id) => call('POST', `/files/${id}/approve`, { token: buyer.token })),
    );
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const approved = await call<{ files: AdFile[] }>('GET', `/files?order=${number}&view=approved`, {
      token: buyer.token,
    });
    expect(approved.body.data.files).toHaveLength(1);
  });

  it('refuses approval after the run’s ad-due date, with the date', async () => {
    const { buyer, number } = await orderOfNewCustomer();
    const id = await uploadWhole(h, buyer.token, await cmykJpeg(), {
      filename: 'late.jpg',
      filetype: 'image/jpeg',
      order: number,
      run: '2027/03',
    });
    await h.background.settled();
    clock.set('2027-01-30T08:00:00');
    const token = await signIn(call, buyer.email);
    const refused = await call<null>('POST', `/files/${id}/approve`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'The ad for March 2027 issue was due on Jan 29, 2027: call us to send a late file.',
    );
  });

  it('refuses what it cannot take before any byte, with a message', async () => {
    const { buyer, number } = await orderOfNewCustomer();
    const target = { order: number, run: '2027/03' };
    const cases: [number, Record<string, string>, number, RegExp][] = [
      [600 * 1024 * 1024, { filename: 'spot.mp4', filetype: 'video/mp4', ...target }, 413, /at most 500 MB/],
      [
        30 * 1024 * 1024,
        { filename: 'big.png', filetype: 'image/png', ...target },
        413,
        /an image may be at most 25 MB/,
      ],
      [300 * 1024, { filename: 'mail.html', filetype: 'text/html', ...target }, 413, /at most 200 KB/],
      [1000, { filename: 'notes.txt', filetype: 'text/plain', ...target }, 415, /PDF, TIFF, JPEG/],
      [1000, { filename: 'ad.pdf', filetype: 'application/pdf' }, 422, /Say what the file is for/],
      [
        1000,
        { filename: 'ad.pdf', filetype: 'application/pdf', order: number, run: '2031/01' },
        404,
        /has no run 2031\/01/,
      ],
      [
        1000,
        { filename: 'ad.pdf', filetype: 'application/pdf', sheet: 'no-such-sheet' },
        422,
        /no spec sheet/,
      ],
      [
        1000,
        { filename: 'ad.pdf', filetype: 'application/pdf', order: 'AD-27-999999' },
        404,
        /no order AD-27-999999/,
      ],
    ];
    for (const [length, metadata, status, message] of cases) {
      const created = await createUpload(h, buyer.token, length, metadata);
      expect(created.status, `${metadata.filename}: ${created.text}`).toBe(status);
      expect(created.text).toMatch(message);
      expect(created.path).toBeNull();
    }
    expect(
      (await createUpload(h, null, 1000, { filename: 'a.pdf', filetype: 'application/pdf', ...target }))
        .status,
    ).toBe(401);
    const listed = await call<{ files: AdFile[] }>('GET', '/files', { token: buyer.token });
    expect(listed.body.data.files).toEqual([]);
  });

  it('refuses a file that would take the company past 5 GB', async () => {
    const { buyer, number } = await orderOfNewCustomer();
    const first = await createUpload(h, buyer.token, 1000, {
      filename: 'a.pdf',
      filetype: 'application/pdf',
      order: number,
    });
    expect(first.status, first.text).toBe(201);
    // The company's other files fill the rest (written directly: uploading 5 GB would take a while).
    const firstId = first.path?.split('/').pop() ?? '';
    const [row] = await h.database.db.select().from(adFiles).where(eq(adFiles.id, firstId));
    const companyId = row?.companyId ?? 0;
    for (let i = 0; i < 3; i += 1)
      await h.database.db.insert(adFiles).values({
        id: crypto.randomUUID(),
        companyId,
        name: `old-${i}.mp4`,
        declaredType: 'video/mp4',
        size: Math.floor((COMPANY_QUOTA_BYTES - 1000) / 3),
        status: 'passed',
        sheet: 'magazine-print-ads',
      });
    // Five uploads started at once with room for one: one is taken, whatever the timing.
    const room = COMPANY_QUOTA_BYTES - 1000 - 3 * Math.floor((COMPANY_QUOTA_BYTES - 1000) / 3);
    const racing = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        createUpload(h, buyer.token, room, {
          filename: `race-${n}.pdf`,
          filetype: 'application/pdf',
          order: number,
        }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 413, 413, 413, 413]);
    const refused = await createUpload(h, buyer.token, 10, {
      filename: 'one-more.pdf',
      filetype: 'application/pdf',
      order: number,
    });
    expect(refused.status).toBe(413);
    expect(refused.text).toMatch(/one-more\.pdf does not fit: your company's files take 5 GB of 5 GB/);
  });

  it('shows a company’s files to no other company, whatever the call', async () => {
    const { buyer, number } = await orderOfNewCustomer();
    const bytes = await rgbPng();
    const created = await createUpload(h, buyer.token, bytes.length, {
      filename: 'mine.png',
      filetype: 'image/png',
      order: number,
    });
    const path = created.path ?? '';
    const id = path.split('/').pop() ?? '';
    const stranger = await customer(call, 'Other Co');
    expect((await offsetOf(h, stranger.token, path)).status).toBe(404);
    expect((await patch(h, stranger.token, path, 0, bytes)).status).toBe(404);
    expect((await terminate(h, stranger.token, path)).status).toBe(404);
    expect((await patch(h, buyer.token, path, 0, bytes)).status).toBe(204);
    await h.background.settled();
    // Not even its owner reads a file through the tus store, which would serve it as declared.
    const malformed = await h.app.request('/api/v1/uploads/not-an-id', {
      method: 'HEAD',
      headers: { authorization: `Bearer ${buyer.token}`, 'Tus-Resumable': '1.0.0' },
    });
    expect(malformed.status).toBe(404);
    const viaTus = await h.app.request(path, {
      headers: { authorization: `Bearer ${buyer.token}`, 'Tus-Resumable': '1.0.0' },
    });
    expect(viaTus.status).toBe(404);
    for (const [method, suffix] of [
      ['GET', ''],
      ['GET', '/download'],
      ['GET', '/thumbnail'],
      ['POST', '/approve'],
      ['POST', '/attach'],
      ['DELETE', ''],
    ] as const) {
      const response = await h.app.request(`/api/v1/files/${id}${suffix}`, {
        method,
        headers: { authorization: `Bearer ${stranger.token}`, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: JSON.stringify({ sheet: 'magazine-print-ads' }) } : {}),
      });
      expect(response.status, `${method} ${suffix}`).toBe(404);
    }
    const theirs = await call<{ files: AdFile[] }>('GET', '/files', { token: stranger.token });
    expect(theirs.body.data.files).toEqual([]);
    // Nor can anyone attach a file to another company's order.
    const mineToo = await uploadWhole(h, stranger.token, bytes, {
      filename: 'x.png',
      filetype: 'image/png',
      sheet: 'online-display-ads',
    });
    await h.background.settled();
    const attach = await call('POST', `/files/${mineToo}/attach`, {
      token: stranger.token,
      body: { order: number, run: '2027/03' },
    });
    expect(attach.status).toBe(404);
  });

  it('downloads as an attachment that never renders, and deletes', async () => {
    const { buyer } = await orderOfNewCustomer();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const id = await uploadWhole(h, buyer.token, html, {
      filename: 'blast.html',
      filetype: 'text/html',
      sheet: 'dedicated-email-blasts',
    });
    const file = await fileAfterChecks(buyer.token, id);
    expect(file.status).toBe('attention');
    const response = await h.app.request(`/api/v1/files/${id}/download`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="blast.html"/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await response.arrayBuffer()).equals(html)).toBe(true);

    const deleted = await h.app.request(`/api/v1/files/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(deleted.status).toBe(200);
    expect((await call('GET', `/files/${id}`, { token: buyer.token })).status).toBe(404);
  });

  it('stores a name without bidi or other invisible marks, and shows and downloads it so', async () => {
    const { buyer } = await orderOfNewCustomer();
    const html = Buffer.from('<!doctype html><html><body><p>Spring sale</p></body></html>');
    const sheet = 'dedicated-email-blasts';
    // Shown as they are, U+202E and U+2066 turn the end of the name around, hiding its real type.
    const id = await uploadWhole(h, buyer.token, html, {
      filename: '\u200BSpring ad\u202Eexe\u2066.html',
      filetype: 'text/html',
      sheet,
    });
    const shown = 'Spring adexe.html';
    expect((await fileAfterChecks(buyer.token, id)).name).toBe(shown);
    const listed = await call<{ files: AdFile[] }>('GET', '/files', { token: buyer.token });
    expect(
      envelope(filesList)
        .parse(listed.body)
        .data.files.map((file) => file.name),
    ).toContain(shown);
    const [row] = await h.database.db.select({ name: adFiles.name }).from(adFiles).where(eq(adFiles.id, id));
    expect(row?.name).toBe(shown);
    const download = await h.app.request(`/api/v1/files/${id}/download`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="${shown}"; filename*=UTF-8''${encodeURIComponent(shown)}`,
    );

    // A name of marks alone is "file" with its extension; a refusal names the file without them.
    const nameless = await uploadWhole(h, buyer.token, html, {
      filename: '\u202E\u200D.html',
      filetype: 'text/html',
      sheet,
    });
    expect((await fileAfterChecks(buyer.token, nameless)).name).toBe('file.html');
    const exe = await createUpload(h, buyer.token, 1000, {
      filename: 'invoice\u202Egnp.exe',
      filetype: 'application/octet-stream',
      sheet,
    });
    expect(exe.status).toBe(415);
    expect(exe.text).toBe(
      'invoicegnp.exe is not a file we can check: send a PDF, TIFF, JPEG, PNG, GIF, WebP, MP4, MOV or HTML file.',
    );
  });

  it('offers the runs whose ad is not due yet, each with its sheet, to attach a file to (issue 28, point 9)', async () => {
    const { buyer, number } = await orderOfNewCustomer();
    const cancelled = onlyNumber(
      await placeOrders(call, buyer.token, [{ mediacode: magazine, dates: ['2027/04'], quantity: 1 }]),
    );
    expect((await call('POST', `/orders/${cancelled}/cancel`, { token: buyer.token })).status).toBe(200);
    await orderOfNewCustomer();
    const runs = async (token: string) => {
      const answer = await call('GET', '/files', { token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return envelope(filesList).parse(answer.body).data.runs;
    };
    expect(await runs(buyer.token)).toEqual([
      {
        order: number,
        run: '2027/03',
        run_label: 'March 2027 issue',
        placement: expect.any(String),
        sheet: 'magazine-print-ads',
        ad_due: { date: '2027-01-29', days_left: 18 },
      },
    ]);
    clock.set('2027-01-30T09:00:00');
    expect(await runs(await signIn(call, buyer.email))).toEqual([]);
  });

  it('takes a failed file out of what needs attention once another is its run’s approved ad (issue 28, point 10)', async () => {
    const { buyer, number } = await orderOfNewCustomer();
    const run = { order: number, run: '2027/03' };
    const failed = await uploadWhole(h, buyer.token, await rgbPng(), {
      filename: 'cover.png',
      filetype: 'image/png',
      ...run,
    });
    // A minute later, so "newest first" has one answer (two files of one instant come in any order).
    clock.set('2027-01-11T09:01:00');
    const passed = await uploadWhole(h, buyer.token, await cmykJpeg(), {
      filename: 'march-issue.jpg',
      filetype: 'image/jpeg',
      ...run,
    });
    await h.background.settled();
    const names = async (view: string) => {
      const answer = await call('GET', `/files?view=${view}`, { token: buyer.token });
      return envelope(filesList)
        .parse(answer.body)
        .data.files.map((f) => f.name);
    };
    expect(await names('attention')).toEqual(['cover.png']);
    expect((await call('POST', `/files/${passed}/approve`, { token: buyer.token })).status).toBe(200);

    expect(await names('attention')).toEqual([]);
    expect(await names('all')).toEqual(['march-issue.jpg', 'cover.png']);
    const replaced = await fileAfterChecks(buyer.token, failed);
    expect(replaced.status).toBe('attention');
    expect(replaced.replaced_by).toBe('march-issue.jpg');
    expect(replaced.runs[0]?.approve_note).toBe(
      'Replaced: march-issue.jpg is the approved ad of March 2027 issue, so this file needs nothing more.',
    );
    expect((await fileAfterChecks(buyer.token, passed)).replaced_by).toBeNull();
  });

  it('checks a file again when it is attached to a run', async () => {
    const { buyer, number } = await orderOfNewCustomer();
    const id = await uploadWhole(h, buyer.token, await cmykJpeg(), {
      filename: 'for-later.jpg',
      filetype: 'image/jpeg',
      sheet: 'online-display-ads',
    });
    const asBanner = await fileAfterChecks(buyer.token, id);
    expect(asBanner.status).toBe('attention');
    expect(asBanner.runs).toEqual([]);
    const attached = await call('POST', `/files/${id}/attach`, {
      token: buyer.token,
      body: { order: number, run: '2027/03' },
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    const asPage = await fileAfterChecks(buyer.token, id);
    expect(asPage.status, JSON.stringify(asPage.checks)).toBe('passed');
    expect(asPage.runs.map((run) => run.order)).toEqual([number]);
  });

  it('refuses to attach a file to a run whose ad came due after the page offered it', async () => {
    const { buyer, number } = await orderOfNewCustomer();
    const id = await uploadWhole(h, buyer.token, await cmykJpeg(), {
      filename: 'too-late.jpg',
      filetype: 'image/jpeg',
      sheet: 'magazine-print-ads',
    });
    await fileAfterChecks(buyer.token, id);
    // The page offered March on the 11th; it is pressed on the 30th, the day after its ad was due.
    clock.set('2027-01-30T08:00:00');
    const token = await signIn(call, buyer.email);
    const refused = await call('POST', `/files/${id}/attach`, {
      token,
      body: { order: number, run: '2027/03' },
    });
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'The ad for March 2027 issue was due on Jan 29, 2027: call us to send a late file.',
    ]);
    expect((await fileAfterChecks(token, id)).runs).toEqual([]);
  });
});
