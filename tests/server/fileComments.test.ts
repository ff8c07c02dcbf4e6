import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CommentThread,
  commentThread,
  type FileComment,
  fileComment,
  orderCommentThread,
} from '../../contract/adFiles';
import { envelope } from '../../contract/envelope';
import { adFiles, fileRuns, orders, outbox, users } from '../../server/db/schema';
import { DRIVERS, type Harness } from './harness';
import { colleagueOf, customer, onlyNumber, placeOrders, settableClock, signIn } from './orderShop';
import { caller, marketOfZip, placement } from './shop';

/*
 * Comments on a company's files (issue 33, part 3): a thread per file, oldest first, optionally pinned
 * to a point of the proof; mentions e-mail the people named once; the order page shows the comments on
 * every file serving its runs. Another company sees none of it: its files, comments and orders are 404.
 */
describe.each(DRIVERS)('comments on files on %s', (_name, open) => {
  let h: Harness;
  let magazine: string;
  const clock = settableClock('2027-01-11T09:00:00');
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    magazine = (await placement(h, 'printmag', { prodcode: await marketOfZip(h, '60601') })).mediacode;
  });
  afterAll(async () => {
    await h.close();
  });

  const db = () => h.database.db;
  const remove = async (path: string, token: string) => {
    const response = await h.app.request(`/api/v1${path}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: (await response.json()) as { message: string } };
  };
  const mailsTo = (to: string) =>
    db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.toEmail, to), eq(outbox.kind, 'comment-mention')));
  const userOf = async (email: string) => {
    const [row] = await db()
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(eq(users.email, email));
    if (!row) throw new Error(`No user ${email}`);
    return row;
  };

  /** An owner with a colleague, an order of the March 2027 issue and a file serving that run. */
  const team = async () => {
    clock.set('2027-01-11T09:00:00');
    const owner = await customer(call);
    const colleague = await colleagueOf(h, call, owner, 'comments');
    const number = onlyNumber(
      await placeOrders(call, owner.token, [{ mediacode: magazine, dates: ['2027/03'], quantity: 1 }]),
    );
    const ownerRow = await userOf(owner.email);
    const colleagueRow = await userOf(colleague.email);
    const [order] = await db().select({ id: orders.id }).from(orders).where(eq(orders.number, number));
    const fileId = randomUUID();
    await db().insert(adFiles).values({
      id: fileId,
      companyId: ownerRow.companyId,
      uploadedBy: ownerRow.id,
      name: 'spring-sale.pdf',
      declaredType: 'application/pdf',
      size: 2048,
      status: 'passed',
    });
    await db()
      .insert(fileRuns)
      .values({
        fileId,
        orderId: order?.id ?? 0,
        runValue: '2027/03',
        status: 'passed',
        attachedAt: clock.now(),
        attachedBy: ownerRow.id,
      });
    return {
      owner: { ...owner, id: ownerRow.id },
      colleague: { ...colleague, id: colleagueRow.id },
      number,
      fileId,
    };
  };

  const post = async (token: string, fileId: string, body: unknown) =>
    call<FileComment>('POST', `/files/${fileId}/comments`, { token, body });
  const threadOf = async (token: string, fileId: string): Promise<CommentThread> => {
    const answer = await call('GET', `/files/${fileId}/comments`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return envelope(commentThread).parse(answer.body).data;
  };

  it('posts comments, lists them oldest first with their pins and the people to mention, and deletes one', async () => {
    const { owner, colleague, fileId } = await team();
    const first = await post(owner.token, fileId, { body: '  The logo looks blurred.  ', mentions: [] });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const created = envelope(fileComment).parse(first.body).data;
    expect(created).toMatchObject({
      file: { id: fileId, name: 'spring-sale.pdf' },
      author: { id: owner.id, name: owner.name },
      body: 'The logo looks blurred.',
      pin: null,
      mentions: [],
      created_at: '2027-01-11T09:00:00.000Z',
    });
    clock.set('2027-01-11T09:05:00');
    const pinned = await post(colleague.token, fileId, {
      body: 'Here, bottom right.',
      pin: { page: 2, x: 0.8, y: 0.9 },
      mentions: [owner.id],
    });
    expect(pinned.status, JSON.stringify(pinned.body)).toBe(201);

    const thread = await threadOf(colleague.token, fileId);
    expect(thread.comments.map((c) => [c.body, c.pin, c.mentions])).toEqual([
      ['The logo looks blurred.', null, []],
      ['Here, bottom right.', { page: 2, x: 0.8, y: 0.9 }, [{ id: owner.id, name: owner.name }]],
    ]);
    expect(thread.people.map((p) => p.id).sort()).toEqual([owner.id, colleague.id].sort());

    // Only its author deletes a comment, however long after.
    clock.set('2027-06-01T09:00:00');
    const later = { owner: await signIn(call, owner.email), colleague: await signIn(call, colleague.email) };
    const theirs = await remove(`/files/${fileId}/comments/${created.id}`, later.colleague);
    expect(theirs).toEqual({
      status: 403,
      body: expect.objectContaining({ message: 'Only the person who wrote a comment may delete it.' }),
    });
    expect((await remove(`/files/${fileId}/comments/${created.id}`, later.owner)).status).toBe(200);
    expect((await threadOf(later.owner, fileId)).comments.map((c) => c.body)).toEqual([
      'Here, bottom right.',
    ]);
    const again = await remove(`/files/${fileId}/comments/${created.id}`, later.owner);
    expect(again.status).toBe(404);
  });

  it('refuses an empty comment and a pin outside the page with a sentence by the field', async () => {
    const { owner, fileId } = await team();
    const empty = await post(owner.token, fileId, { body: '   ', mentions: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.data).toMatchObject({ errors: { body: 'Write a comment first.' } });
    const outside = await post(owner.token, fileId, {
      body: 'Here',
      pin: { page: 1, x: 1.2, y: 0.5 },
      mentions: [],
    });
    expect(outside.status).toBe(422);
    expect(outside.body.data).toMatchObject({
      errors: { 'pin.x': 'Pin the comment on a point inside the page.' },
    });
    const page = await post(owner.token, fileId, {
      body: 'Here',
      pin: { page: 0, x: 0.2, y: 0.5 },
      mentions: [],
    });
    expect(page.status).toBe(422);
    expect(page.body.data).toMatchObject({
      errors: { 'pin.page': 'Pin the comment on a page of the proof (page 1 or later).' },
    });
    // An image has one page: a pin on page 2 could never be shown.
    await db().update(adFiles).set({ name: 'spring-sale.jpg', format: 'jpeg' }).where(eq(adFiles.id, fileId));
    const second = await post(owner.token, fileId, {
      body: 'Here',
      pin: { page: 2, x: 0.2, y: 0.5 },
      mentions: [],
    });
    expect(second.status).toBe(422);
    expect(second.body.data).toMatchObject({
      errors: { 'pin.page': 'spring-sale.jpg has one page: pin the comment on page 1.' },
    });
    expect((await threadOf(owner.token, fileId)).comments).toEqual([]);
  });

  it('keeps a file’s thread, its comments and its order from another company, and its people from mentions', async () => {
    const { owner, colleague, number, fileId } = await team();
    const stranger = await customer(call, 'Elsewhere Inc.');
    const strangerRow = await userOf(stranger.email);
    const posted = await post(owner.token, fileId, { body: 'Ours.', mentions: [] });
    const commentId = envelope(fileComment).parse(posted.body).data.id;

    const thread = await call('GET', `/files/${fileId}/comments`, { token: stranger.token });
    expect(thread.status).toBe(404);
    expect(thread.body.message).toBe('There is no such file in your company’s files.');
    expect((await post(stranger.token, fileId, { body: 'Hi', mentions: [] })).status).toBe(404);
    expect((await remove(`/files/${fileId}/comments/${commentId}`, stranger.token)).status).toBe(404);
    const order = await call('GET', `/orders/${number}/comments`, { token: stranger.token });
    expect(order.status).toBe(404);
    expect(order.body.message).toBe('There is no such order in your company’s orders.');

    // A comment of another file (the stranger's own) is no comment of this file.
    const theirFile = randomUUID();
    await db().insert(adFiles).values({
      id: theirFile,
      companyId: strangerRow.companyId,
      uploadedBy: strangerRow.id,
      name: 'theirs.pdf',
      declaredType: 'application/pdf',
      size: 10,
      status: 'passed',
    });
    expect((await remove(`/files/${theirFile}/comments/${commentId}`, stranger.token)).status).toBe(404);

    const across = await post(colleague.token, fileId, { body: 'Look', mentions: [strangerRow.id] });
    expect(across.status).toBe(422);
    expect(across.body.message).toBe(
      `${strangerRow.id} is no one in your company: mention only the people the list offers.`,
    );
    const mine = await post(stranger.token, theirFile, { body: 'Look', mentions: [owner.id] });
    expect(mine.status).toBe(422);
    await h.background.settled();
    expect(await mailsTo(stranger.email)).toEqual([]);
    expect(await mailsTo(owner.email)).toEqual([]);
  });

  it('e-mails each person mentioned once, never the author, with the comment quoted and the file’s page', async () => {
    const { owner, colleague, fileId } = await team();
    const posted = await post(owner.token, fileId, {
      body: 'Can you check the bleed on page 2?',
      mentions: [colleague.id, colleague.id, owner.id],
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(envelope(fileComment).parse(posted.body).data.mentions).toEqual([
      { id: colleague.id, name: colleague.name },
      { id: owner.id, name: owner.name },
    ]);
    await h.background.settled();
    const [mail, ...more] = await mailsTo(colleague.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/^You were mentioned in a comment on /);
    expect(mail?.body).toContain(`${owner.name} mentioned you in a comment on spring-sale.pdf`);
    expect(mail?.body).toContain('“Can you check the bleed on page 2?”');
    expect(mail?.link).toBe(`${h.config.publicUrl}/files/${fileId}`);
    expect(await mailsTo(owner.email)).toEqual([]);

    // A comment naming only its author e-mails nobody.
    await post(owner.token, fileId, { body: 'Note to self.', mentions: [owner.id] });
    await h.background.settled();
    expect(await mailsTo(owner.email)).toEqual([]);
    expect(await mailsTo(colleague.email)).toHaveLength(1);
  });

  it('shows the order page the comments on the files serving its runs, each naming its file', async () => {
    const { owner, colleague, number, fileId } = await team();
    await post(colleague.token, fileId, { body: 'Approved by marketing.', mentions: [] });
    const answer = await call('GET', `/orders/${number.toLowerCase()}/comments`, { token: owner.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const thread = envelope(orderCommentThread).parse(answer.body).data;
    expect(thread.files).toEqual([{ id: fileId, name: 'spring-sale.pdf' }]);
    expect(thread.comments.map((c) => [c.file, c.body])).toEqual([
      [{ id: fileId, name: 'spring-sale.pdf' }, 'Approved by marketing.'],
    ]);
    expect(thread.people).toHaveLength(2);
  });

  it('offers first the file approved for a run, then the latest attached, so a replaced file is not the default', async () => {
    const { owner, number, fileId } = await team();
    const ownerRow = await userOf(owner.email);
    const [order] = await db().select({ id: orders.id }).from(orders).where(eq(orders.number, number));
    const serve = async (name: string, at: string, approved: boolean) => {
      const id = randomUUID();
      clock.set(at);
      await db().insert(adFiles).values({
        id,
        companyId: ownerRow.companyId,
        uploadedBy: ownerRow.id,
        name,
        declaredType: 'application/pdf',
        size: 2048,
        status: 'passed',
      });
      await db()
        .insert(fileRuns)
        .values({
          fileId: id,
          orderId: order?.id ?? 0,
          runValue: '2027/03',
          status: 'passed',
          attachedAt: clock.now(),
          attachedBy: ownerRow.id,
          ...(approved ? { approvedAt: clock.now(), approvedBy: ownerRow.id } : {}),
        });
      return id;
    };
    // spring-sale.pdf (from team(), 09:00) is the oldest; final.pdf, attached at 11:00, is approved.
    const newest = await serve('zz-draft.pdf', '2027-01-11T12:00:00', false);
    const final = await serve('final.pdf', '2027-01-11T11:00:00', true);
    const answer = await call('GET', `/orders/${number}/comments`, { token: owner.token });
    const thread = envelope(orderCommentThread).parse(answer.body).data;
    expect(thread.files.map((f) => f.id)).toEqual([final, newest, fileId]);
  });
});
