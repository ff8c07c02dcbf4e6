import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRequestsList, RunApprovalState } from '../../contract/approvalRequests';
import type { TeamAnswer } from '../../contract/auth';
import type { Role } from '../../contract/roles';
import { adFiles, approvalRequests, fileRuns, outbox, users } from '../../server/db/schema';
import { approveOrRequest } from '../../server/files/approvals';
import { runApprovalView } from '../../server/files/approvalViews';
import { cmykJpeg } from '../support/magazineArtwork';
import { DRIVERS, type Harness } from './harness';
import { colleagueOf, customer, onlyNumber, placeOrders, settableClock, signIn } from './orderShop';
import { caller, marketOfZip, placement } from './shop';
import { uploadWhole } from './tusClient';

/*
 * The README's permission table for approvals that need an admin (issue 33), cell by cell: one
 * company with an owner, an admin and a member, a magazine order of two issues (March and April 2027,
 * the March ad due 29 January; the clock stays on 11 January), and a fresh file for each cell.
 */

type Who = Role;
const WHO: readonly Who[] = ['owner', 'admin', 'member'];
const MARCH = '2027/03';
const APRIL = '2027/04';

describe.each(DRIVERS)('approvals by role on %s', (_name, open) => {
  let h: Harness;
  const clock = settableClock('2027-01-11T09:00:00');
  const call = caller(() => h);
  const tokens = {} as Record<Who, string>;
  const emails = {} as Record<Who, string>;
  const names = {} as Record<Who, string>;
  let order = '';
  let stranger = '';
  let bytes: Uint8Array;

  /** Any method, with a JSON body. */
  const send = async (method: string, path: string, who: Who | string, body?: unknown) => {
    const token = who in tokens ? tokens[who as Who] : who;
    const response = await h.app.request(`/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = (await response.json()) as {
      message: string;
      data: unknown;
    };
    return { status: response.status, body: parsed };
  };

  const setting = async (on: boolean) => {
    const changed = await send('PATCH', '/team/settings', 'owner', { approvals_need_admin: on });
    expect(changed.status, changed.body.message).toBe(200);
  };

  /**
   * A file of the March issue, checked (it passes): the first is uploaded by the owner and checked;
   * the others are copies of its row under new ids, as checking each again would take seconds.
   */
  let template: typeof adFiles.$inferSelect | undefined;
  const freshFile = async (name = 'march.jpg') => {
    if (!template) {
      const id = await uploadWhole(h, tokens.owner, bytes, {
        filename: name,
        filetype: 'image/jpeg',
        order,
        run: MARCH,
      });
      await h.background.settled();
      [template] = await h.database.db.select().from(adFiles).where(eq(adFiles.id, id));
      expect(template?.status).toBe('passed');
      return id;
    }
    const id = randomUUID();
    await h.database.db.insert(adFiles).values({ ...template, id, name });
    const [served] = await h.database.db.select().from(fileRuns).where(eq(fileRuns.fileId, template.id));
    if (!served) throw new Error('The first file serves no run.');
    await h.database.db
      .insert(fileRuns)
      .values({ ...served, fileId: id, approvedAt: null, approvedBy: null });
    return id;
  };

  const runRow = async (fileId: string, run = MARCH) => {
    const [row] = await h.database.db
      .select()
      .from(fileRuns)
      .where(and(eq(fileRuns.fileId, fileId), eq(fileRuns.runValue, run)));
    return row;
  };

  /** A member's open request for a fresh file: its id. */
  const memberRequest = async () => {
    const id = await freshFile();
    const asked = await send('POST', `/files/${id}/approve`, 'member', {});
    expect(asked.status, asked.body.message).toBe(202);
    const [row] = await h.database.db
      .select({ id: approvalRequests.id })
      .from(approvalRequests)
      .where(eq(approvalRequests.fileId, id));
    return { fileId: id, requestId: row?.id ?? 0 };
  };

  const companyOf = async (fileId: string) => {
    const [row] = await h.database.db
      .select({ companyId: adFiles.companyId })
      .from(adFiles)
      .where(eq(adFiles.id, fileId));
    return row?.companyId ?? 0;
  };

  const mailsTo = async (email: string, kind: string) =>
    h.database.db
      .select({ subject: outbox.subject, text: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.toEmail, email), eq(outbox.kind, kind)))
      // In the order written, so the last is the newest (unordered, a scan may return any order).
      .orderBy(asc(outbox.id));

  beforeAll(async () => {
    h = await open({ clock: clock.now, env: { LIMIT_INVITE_PER_ACCOUNT: '1000/1h' } });
    bytes = await cmykJpeg();
    const owner = await customer(call, 'Approvals & Co');
    tokens.owner = owner.token;
    emails.owner = owner.email;
    names.owner = owner.name;
    for (const role of ['admin', 'member'] as const) {
      const joined = await colleagueOf(h, call, owner, role, { role });
      tokens[role] = joined.token;
      emails[role] = joined.email;
      names[role] = joined.name;
    }
    const magazine = (await placement(h, 'printmag', { prodcode: await marketOfZip(h, '60601') })).mediacode;
    order = onlyNumber(
      await placeOrders(call, tokens.owner, [{ mediacode: magazine, dates: [MARCH, APRIL], quantity: 1 }]),
    );
    stranger = (await customer(call, 'Elsewhere Inc')).token;
  });
  afterAll(async () => {
    await h.close();
  });

  it('shows everyone the setting and lets only the owner and admins change it', async () => {
    for (const who of WHO) {
      const team = await send('GET', '/team', who);
      expect((team.body.data as TeamAnswer).approvals_need_admin).toBe(false);
      const changed = await send('PATCH', '/team/settings', who, { approvals_need_admin: true });
      if (who === 'member') {
        expect(changed.status).toBe(403);
        expect(changed.body.message).toBe(
          'Only the owner or an admin of your company can change whether approvals need an admin.',
        );
      } else {
        expect(changed.status, changed.body.message).toBe(200);
        expect((await send('GET', '/team', 'member')).body.data).toMatchObject({
          approvals_need_admin: true,
        });
        expect((await send('PATCH', '/team/settings', who, { approvals_need_admin: false })).status).toBe(
          200,
        );
      }
    }
    const bad = await send('PATCH', '/team/settings', 'owner', { approvals_need_admin: 'yes' });
    expect(bad.status).toBe(422);
  });

  it.each(WHO)('with the setting off, the %s approves at once', async (who) => {
    await setting(false);
    const id = await freshFile();
    const approved = await send('POST', `/files/${id}/approve`, who, {});
    expect(approved.status, approved.body.message).toBe(200);
    expect((await runRow(id))?.approvedAt).not.toBeNull();
  });

  it.each(WHO)('with the setting on, the %s approves, or (a member) asks', async (who) => {
    await setting(true);
    const id = await freshFile();
    const answer = await send('POST', `/files/${id}/approve`, who, {});
    if (who === 'member') {
      expect(answer.status, answer.body.message).toBe(202);
      expect(answer.body.message).toBe('Sent to your admins for approval.');
      expect((await runRow(id))?.approvedAt).toBeNull();
    } else {
      expect(answer.status, answer.body.message).toBe(200);
      expect((await runRow(id))?.approvedAt).not.toBeNull();
    }
  });

  it.each(WHO)('the %s may accept a request only as owner or admin', async (who) => {
    await setting(true);
    const { fileId, requestId } = await memberRequest();
    const accepted = await send('POST', `/approval-requests/${requestId}/accept`, who);
    if (who === 'member') {
      expect(accepted.status).toBe(403);
      expect(accepted.body.message).toBe(
        'Only the owner or an admin of your company can accept an approval request.',
      );
      expect((await runRow(fileId))?.approvedAt).toBeNull();
    } else {
      expect(accepted.status, accepted.body.message).toBe(200);
      expect((await runRow(fileId))?.approvedBy).not.toBeNull();
      const listed = await send('GET', '/approval-requests?state=all', who);
      const request = (listed.body.data as ApprovalRequestsList).requests.find((r) => r.id === requestId);
      expect(request).toMatchObject({
        state: 'accepted',
        requested_by: names.member,
        decided_by: names[who],
        order,
        run: MARCH,
        run_label: 'March 2027 issue',
        file: { id: fileId, name: 'march.jpg' },
      });
    }
  });

  it.each(WHO)('the %s may decline a request, with a reason, only as owner or admin', async (who) => {
    await setting(true);
    const { requestId } = await memberRequest();
    const declined = await send('POST', `/approval-requests/${requestId}/decline`, who, {
      reason: 'The phone number is last year’s.',
    });
    if (who === 'member') {
      expect(declined.status).toBe(403);
      expect(declined.body.message).toBe(
        'Only the owner or an admin of your company can decline an approval request.',
      );
    } else {
      expect(declined.status, declined.body.message).toBe(200);
      const [row] = await h.database.db
        .select()
        .from(approvalRequests)
        .where(eq(approvalRequests.id, requestId));
      expect(row).toMatchObject({ decision: 'declined', reason: 'The phone number is last year’s.' });
    }
  });

  it.each(WHO)('the %s may withdraw only a request of their own', async (who) => {
    await setting(true);
    const { requestId } = await memberRequest();
    const withdrawn = await send('DELETE', `/approval-requests/${requestId}`, who);
    if (who === 'member') {
      expect(withdrawn.status, withdrawn.body.message).toBe(200);
      const [row] = await h.database.db
        .select({ decision: approvalRequests.decision })
        .from(approvalRequests)
        .where(eq(approvalRequests.id, requestId));
      expect(row?.decision).toBe('withdrawn');
    } else {
      expect(withdrawn.status).toBe(403);
      expect(withdrawn.body.message).toBe(
        'Only the person who asked can withdraw a request: accept it, or decline it with a reason.',
      );
    }
  });

  it('lists the company’s requests to the owner and admins, and a member’s own to them', async () => {
    await setting(true);
    const { requestId } = await memberRequest();
    for (const who of WHO) {
      const listed = await send('GET', '/approval-requests', who);
      expect(listed.status).toBe(200);
      const { requests } = listed.body.data as ApprovalRequestsList;
      expect(requests.map((r) => r.id)).toContain(requestId);
      expect(requests.every((r) => r.state === 'open')).toBe(true);
    }
    const other = await send('GET', '/approval-requests', stranger);
    expect((other.body.data as ApprovalRequestsList).requests).toEqual([]);
  });

  it('needs a reason to decline', async () => {
    await setting(true);
    const { requestId } = await memberRequest();
    const blank = await send('POST', `/approval-requests/${requestId}/decline`, 'owner', { reason: '  ' });
    expect(blank.status).toBe(422);
    expect((blank.body.data as { errors?: Record<string, string> }).errors?.reason).toBe(
      'Say why, so they know what to change.',
    );
    const [row] = await h.database.db
      .select({ decision: approvalRequests.decision })
      .from(approvalRequests)
      .where(eq(approvalRequests.id, requestId));
    expect(row?.decision).toBeNull();
  });

  it('refuses a second request for the same file and run while one is open, and a decided one', async () => {
    await setting(true);
    const { fileId, requestId } = await memberRequest();
    const again = await send('POST', `/files/${fileId}/approve`, 'member', {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'You asked for march.jpg to be approved for March 2027 issue on Jan 11, 2027: it is waiting for an admin.',
    );
    expect((await send('POST', `/approval-requests/${requestId}/accept`, 'owner')).status).toBe(200);
    const twice = await send('POST', `/approval-requests/${requestId}/decline`, 'admin', { reason: 'No.' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      'This request is no longer open: it was accepted. Reload the page to see where the file stands.',
    );
  });

  it('accepts a request for its run only, leaving the file’s other runs as they were', async () => {
    await setting(true);
    const id = await freshFile('both-issues.jpg');
    const march = await runRow(id);
    if (!march) throw new Error('The file has no March run.');
    // The file serves April too (as attaching to several runs will make it).
    await h.database.db
      .insert(fileRuns)
      .values({ ...march, runValue: APRIL, approvedAt: null, approvedBy: null });
    const asked = await send('POST', `/files/${id}/approve`, 'member', { order, run: MARCH });
    expect(asked.status).toBe(202);
    const [request] = await h.database.db
      .select({ id: approvalRequests.id })
      .from(approvalRequests)
      .where(eq(approvalRequests.fileId, id));
    expect((await send('POST', `/approval-requests/${request?.id}/accept`, 'admin')).status).toBe(200);
    expect((await runRow(id, MARCH))?.approvedAt).not.toBeNull();
    expect((await runRow(id, APRIL))?.approvedAt).toBeNull();
  });

  it('answers hostile attach, approve, comment and request bodies with a clear 4xx, changing nothing', async () => {
    await setting(false);
    const id = await freshFile('hostile.jpg');
    const { requestId } = await (async () => {
      await setting(true);
      return memberRequest();
    })();
    const theirs = onlyNumber(
      await placeOrders(call, stranger, [
        {
          mediacode: (await placement(h, 'printmag', { prodcode: await marketOfZip(h, '60601') })).mediacode,
          dates: [MARCH],
          quantity: 1,
        },
      ]),
    );
    const before = await h.database.db.select().from(fileRuns).where(eq(fileRuns.fileId, id));
    const cases: [string, string, unknown][] = [
      ['POST', `/files/${id}/attach`, { order, runs: [] }],
      ['POST', `/files/${id}/attach`, { order, runs: 'x' }],
      ['POST', `/files/${id}/attach`, { order, runs: Array.from({ length: 61 }, () => MARCH) }],
      ['POST', `/files/${id}/attach`, { order, runs: Array.from({ length: 10_000 }, (_, i) => `${i}`) }],
      ['POST', `/files/${id}/attach`, { order, runs: [MARCH, MARCH, 42] }],
      ['POST', `/files/${id}/attach`, { order, runs: ['x'.repeat(30)] }],
      ['POST', `/files/${id}/attach`, { order: 42, run: MARCH }],
      ['POST', `/files/${id}/attach`, { order: theirs, runs: [MARCH] }],
      ['POST', `/files/${id}/attach`, { order: theirs, run: MARCH }],
      ['POST', `/files/${id}/attach`, { sheet: ['magazine-print-ads'] }],
      ['POST', `/files/${id}/attach`, [order]],
      ['POST', `/files/${id}/attach`, null],
      ['POST', `/files/${id}/approve`, { order: theirs, run: MARCH }],
      ['POST', `/files/${id}/approve`, { order: [order], run: { $gt: '' } }],
      ['POST', `/files/${id}/approve`, { order, run: '2099/01' }],
      ['POST', `/files/${id}/detach`, { order, runs: [MARCH] }],
      ['POST', `/files/${id}/comments`, { body: ['hi'] }],
      ['POST', `/files/${id}/comments`, { body: 'hi', pin: { page: '1', x: 2, y: -1 } }],
      ['POST', `/files/${id}/comments`, { body: 'hi', mentions: Array.from({ length: 5000 }, () => 'x') }],
      ['POST', `/files/${id}/comments`, { body: 'hi', mentions: [randomUUID()] }],
      ['POST', `/approval-requests/${requestId}/decline`, { reason: 42 }],
      ['POST', `/approval-requests/${requestId}/decline`, { reason: 'x'.repeat(1001) }],
      ['POST', '/approval-requests/abc/accept', {}],
      ['POST', '/approval-requests/99999999999/accept', {}],
      ['PATCH', '/team/settings', { approvals_need_admin: 'true' }],
    ];
    for (const [method, path, body] of cases) {
      const answer = await send(method, path, 'owner', body);
      const label = `${method} ${path} ${JSON.stringify(body).slice(0, 80)}`;
      expect(answer.status, `${label}: ${answer.body.message}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${label}: ${answer.body.message}`).toBeLessThan(500);
      expect(answer.body.message, label).toMatch(/\w/);
    }
    // Another company's file is unknown, whatever the body.
    const other = await send('POST', `/files/${id}/approve`, stranger, {});
    expect(other.status).toBe(404);
    expect(await h.database.db.select().from(fileRuns).where(eq(fileRuns.fileId, id))).toEqual(before);
  });

  it('knows nothing of another company’s request', async () => {
    await setting(true);
    const { requestId } = await memberRequest();
    for (const [method, path, body] of [
      ['POST', `/approval-requests/${requestId}/accept`, undefined],
      ['POST', `/approval-requests/${requestId}/decline`, { reason: 'Not ours.' }],
      ['DELETE', `/approval-requests/${requestId}`, undefined],
    ] as const) {
      const answer = await send(method, path, stranger, body);
      expect(answer.status, path).toBe(404);
      expect(answer.body.message).toBe('There is no such approval request in your company.');
    }
    expect((await send('POST', '/approval-requests/999999/accept', 'owner')).status).toBe(404);
  });

  it('refuses to accept a request once the run is past its ad deadline', async () => {
    await setting(true);
    const { requestId } = await memberRequest();
    clock.set('2027-01-30T08:00:00');
    try {
      const token = await signIn(call, emails.owner);
      const late = await send('POST', `/approval-requests/${requestId}/accept`, token);
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(
        'The ad for March 2027 issue was due on Jan 29, 2027: call us to send a late file.',
      );
    } finally {
      clock.set('2027-01-11T09:00:00');
    }
  });

  it('asks again under the lock: no request opens for a file production sent back after it was read', async () => {
    await setting(true);
    const id = await freshFile();
    const [read] = await h.database.db.select().from(adFiles).where(eq(adFiles.id, id));
    if (!read) throw new Error('No file');
    await h.database.db.update(adFiles).set({ review: 'returned' }).where(eq(adFiles.id, id));
    const served = await runRow(id);
    const [member] = await h.database.db.select().from(users).where(eq(users.email, emails.member));
    if (!served || !member?.companyId) throw new Error('No run or member');
    const outcome = await approveOrRequest(
      { db: h.database.db, jobs: h.jobs },
      { companyId: member.companyId, userId: member.id, role: 'member' },
      read,
      { fileId: id, orderId: served.orderId, runValue: MARCH },
      clock.now(),
    );
    expect(outcome).toEqual({
      kind: 'refused',
      status: 409,
      message: 'Our production team sent this file back: send a new one.',
    });
    const opened = await h.database.db.select().from(approvalRequests).where(eq(approvalRequests.fileId, id));
    expect(opened).toEqual([]);
  });

  it('e-mails the owner and admins a request, and the member its decision', async () => {
    await setting(true);
    const { requestId } = await memberRequest();
    await h.background.settled();
    for (const who of ['owner', 'admin'] as const) {
      const mails = await mailsTo(emails[who], 'approval-requested');
      expect(mails.length).toBeGreaterThan(0);
      expect(mails.at(-1)?.subject).toBe(`An ad file for order ${order} waits for your approval`);
    }
    expect(await mailsTo(emails.member, 'approval-requested')).toEqual([]);
    const before = (await mailsTo(emails.member, 'approval-decided')).length;
    await send('POST', `/approval-requests/${requestId}/decline`, 'owner', { reason: 'Use the new logo.' });
    await h.background.settled();
    const decided = await mailsTo(emails.member, 'approval-decided');
    expect(decided).toHaveLength(before + 1);
    expect(decided.at(-1)?.subject).toBe(`Your ad file for order ${order} was not approved`);
    expect(decided.at(-1)?.text).toContain('Use the new logo.');
  });

  it('closes the run’s open requests when an admin approves at once, and e-mails who asked', async () => {
    await setting(true);
    const mine = await memberRequest();
    const other = await memberRequest();
    // Earlier cases left requests open for March: each is closed too, and each asker told.
    const othersOpen = await h.database.db
      .select({ id: approvalRequests.id })
      .from(approvalRequests)
      .where(and(isNull(approvalRequests.decidedAt), eq(approvalRequests.runValue, MARCH)));
    await h.background.settled();
    // Counted by subject: the outbox is read in no particular order.
    const count = async (subject: string) =>
      (await mailsTo(emails.member, 'approval-decided')).filter((m) => m.subject === subject).length;
    const approvedSubject = `Your ad file for order ${order} is approved`;
    const closedSubject = `Another ad file was approved for order ${order}`;
    const before = { approved: await count(approvedSubject), closed: await count(closedSubject) };
    const approved = await send('POST', `/files/${mine.fileId}/approve`, 'admin', {});
    expect(approved.status, approved.body.message).toBe(200);
    const rows = await h.database.db
      .select()
      .from(approvalRequests)
      .where(inArray(approvalRequests.id, [mine.requestId, other.requestId]));
    expect(rows.find((r) => r.id === mine.requestId)).toMatchObject({ decision: 'accepted', reason: null });
    const accepted = rows.find((r) => r.id === mine.requestId);
    // Withdrawn by the admin's approval, recorded as theirs.
    expect(accepted?.decidedBy).toEqual(expect.any(String));
    expect(rows.find((r) => r.id === other.requestId)).toMatchObject({
      decision: 'withdrawn',
      decidedBy: accepted?.decidedBy,
      reason: 'Another file was approved for this run.',
    });
    await h.background.settled();
    expect(await count(approvedSubject)).toBe(before.approved + 1);
    expect(await count(closedSubject)).toBe(before.closed + othersOpen.length - 1);
    expect(othersOpen.length).toBeGreaterThanOrEqual(2);
    const closed = (await mailsTo(emails.member, 'approval-decided')).find(
      (m) => m.subject === closedSubject,
    );
    expect(closed?.text).toContain('your request to approve march.jpg for it is closed');
  });

  it('never e-mails a member about their own approval once the setting is off', async () => {
    await setting(true);
    const mine = await memberRequest();
    const other = await memberRequest();
    await setting(false);
    await h.background.settled();
    const before = (await mailsTo(emails.member, 'approval-decided')).length;
    const approved = await send('POST', `/files/${mine.fileId}/approve`, 'member', {});
    expect(approved.status, approved.body.message).toBe(200);
    const rows = await h.database.db
      .select()
      .from(approvalRequests)
      .where(inArray(approvalRequests.id, [mine.requestId, other.requestId]));
    expect(rows.map((r) => r.decision).sort()).toEqual(['accepted', 'withdrawn']);
    await h.background.settled();
    expect((await mailsTo(emails.member, 'approval-decided')).length).toBe(before);
  });

  it('gives each run its approve mode and its open or last request, in one call', async () => {
    await setting(true);
    const { fileId, requestId } = await memberRequest();
    const quiet = await freshFile('quiet.jpg');
    const orderId = (await runRow(fileId))?.orderId ?? 0;
    const keys = [
      { fileId, orderId, runValue: MARCH },
      { fileId: quiet, orderId, runValue: MARCH },
    ];
    const company = await companyOf(fileId);
    const [asked] = await h.database.db
      .select({ by: approvalRequests.requestedBy })
      .from(approvalRequests)
      .where(eq(approvalRequests.id, requestId));
    const memberId = asked?.by ?? '';
    const asMember = await runApprovalView(
      h.database.db,
      { companyId: company, userId: memberId, role: 'member', approvalsNeedAdmin: true },
      keys,
    );
    expect(asMember.get(`${fileId} ${orderId} ${MARCH}`)).toMatchObject({
      approve_mode: 'request',
      request: { id: requestId, state: 'open', requested_by: names.member, yours: true, decided_by: null },
    });
    expect(asMember.get(`${quiet} ${orderId} ${MARCH}`)).toEqual({ approve_mode: 'request', request: null });
    const asAdmin = await runApprovalView(
      h.database.db,
      { companyId: company, userId: randomUUID(), role: 'admin', approvalsNeedAdmin: true },
      keys,
    );
    expect(asAdmin.get(`${quiet} ${orderId} ${MARCH}`)?.approve_mode).toBe('approve');
    expect(asAdmin.get(`${fileId} ${orderId} ${MARCH}`)?.request?.yours).toBe(false);
    // Declined: the last decided one is shown, with who decided and why.
    await send('POST', `/approval-requests/${requestId}/decline`, 'owner', { reason: 'Wrong date.' });
    const after = await runApprovalView(
      h.database.db,
      { companyId: company, userId: memberId, role: 'member', approvalsNeedAdmin: false },
      keys,
    );
    expect(after.get(`${fileId} ${orderId} ${MARCH}`)).toMatchObject({
      approve_mode: 'approve',
      request: { state: 'declined', decided_by: names.owner, reason: 'Wrong date.' },
    });
    // Asked again: the open one is shown before any decided; declined again, the latest decided.
    expect((await send('POST', `/files/${fileId}/approve`, 'member', {})).status).toBe(202);
    const reopened = await runApprovalView(
      h.database.db,
      { companyId: company, userId: memberId, role: 'member', approvalsNeedAdmin: true },
      keys,
    );
    expect(reopened.get(`${fileId} ${orderId} ${MARCH}`)?.request).toMatchObject({ state: 'open' });
    const [second] = await h.database.db
      .select({ id: approvalRequests.id })
      .from(approvalRequests)
      .where(and(eq(approvalRequests.fileId, fileId), isNull(approvalRequests.decidedAt)));
    await send('POST', `/approval-requests/${second?.id}/decline`, 'admin', { reason: 'Still wrong.' });
    const latest = await runApprovalView(
      h.database.db,
      { companyId: company, userId: memberId, role: 'member', approvalsNeedAdmin: true },
      keys,
    );
    expect(latest.get(`${fileId} ${orderId} ${MARCH}`)?.request).toMatchObject({
      id: second?.id,
      state: 'declined',
      decided_by: names.admin,
      reason: 'Still wrong.',
    });
    // Another company sees none of them.
    const elsewhere = await runApprovalView(
      h.database.db,
      { companyId: company + 100_000, userId: memberId, role: 'owner', approvalsNeedAdmin: false },
      keys,
    );
    expect(elsewhere.get(`${fileId} ${orderId} ${MARCH}`)?.request).toBeNull();
  });

  it('gives each run of the order page its file’s approval as each person reads it, as the file says', async () => {
    await setting(true);
    const id = await freshFile('april.jpg');
    const march = await runRow(id);
    if (!march) throw new Error('The file has no March run.');
    // It serves April too, attached after every other April file: the order page shows it there.
    await h.database.db.insert(fileRuns).values({
      ...march,
      runValue: APRIL,
      approvedAt: null,
      approvedBy: null,
      attachedAt: new Date('2027-01-11T10:00:00Z'),
    });
    const asked = await send('POST', `/files/${id}/approve`, 'member', { order, run: APRIL });
    expect(asked.status, asked.body.message).toBe(202);
    type Page = { runs: { value: string; ad_file: { file: { id: string } | null; approval: unknown } }[] };
    type File = { runs: (RunApprovalState & { order: string; run: string })[] };
    const seen = {} as Record<Who, RunApprovalState>;
    for (const who of WHO) {
      const page = await send('GET', `/orders/${order}`, who);
      expect(page.status).toBe(200);
      const ad = (page.body.data as Page).runs.find((run) => run.value === APRIL)?.ad_file;
      expect(ad?.file?.id).toBe(id);
      const file = await send('GET', `/files/${id}`, who);
      const run = (file.body.data as File).runs.find((r) => r.order === order && r.run === APRIL);
      if (!run) throw new Error('The file has no April run.');
      const { approved, can_approve, approve_note, approve_mode, request } = run;
      expect(ad?.approval).toEqual({ approved, can_approve, approve_note, approve_mode, request });
      seen[who] = ad?.approval as RunApprovalState;
    }
    // What each reads: the member asked (theirs to withdraw); the owner and admins approve at once.
    expect(seen.member).toMatchObject({
      approve_mode: 'request',
      approved: null,
      request: { state: 'open', requested_by: names.member, yours: true },
    });
    expect(seen.owner).toMatchObject({ approve_mode: 'approve', request: { state: 'open', yours: false } });
    expect(seen.admin.approve_mode).toBe('approve');
  });

  it('answers a cancel with the order page as GET gives it, each run’s approval included', async () => {
    type Page = { runs: { value: string; ad_file: { approval: unknown } }[] };
    const approvals = (body: { data: unknown }) =>
      (body.data as Page).runs.map((run) => ({ run: run.value, approval: run.ad_file.approval }));
    const before = approvals((await send('GET', `/orders/${order}`, 'member')).body);
    expect(before.some((run) => run.approval !== null)).toBe(true);
    const cancelled = await send('POST', `/orders/${order}/cancel`, 'member');
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect(approvals(cancelled.body)).toEqual(
      approvals((await send('GET', `/orders/${order}`, 'member')).body),
    );
    // The approval is kept, as GET gives it after the cancel, and never null where a file serves.
    expect(approvals(cancelled.body).map((run) => run.approval === null)).toEqual(
      before.map((run) => run.approval === null),
    );
  });
});
