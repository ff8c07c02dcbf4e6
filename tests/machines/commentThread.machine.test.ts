import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { FileComment } from '../../contract/adFiles';
import {
  type CommentToPost,
  commentThreadMachine,
  type LoadedThread,
  type PostAnswer,
} from '../../machines/files/commentThread.machine';
import { commentOf, dana } from '../support/commentFixtures';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const sam = { id: 'u2', name: 'Sam Okafor' };
const loaded = (comments: FileComment[], files: LoadedThread['files'] = []): LoadedThread => ({
  comments,
  people: [dana, sam],
  files,
});

/** A comment thread (issue 33) with the API held by the test. */
function thread(fileId: string | null = 'f1') {
  const loads = heldCalls<[], LoadedThread>();
  const posts = heldCalls<[CommentToPost], PostAnswer>();
  const removals = heldCalls<[{ fileId: string; id: string }], void>();
  const actor = createActor(
    commentThreadMachine.provide({
      actors: {
        load: fromPromise(() => loads.call()),
        post: fromPromise(({ input }) => posts.call(input)),
        remove: fromPromise(({ input }) => removals.call(input)),
      },
    }),
    { input: { fileId } },
  ).start();
  return {
    actor,
    loads,
    posts,
    removals,
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

const ready = async (t: ReturnType<typeof thread>, comments: FileComment[] = []) => {
  t.loads.nth(0).answer(loaded(comments));
  await flush();
  expect(t.state()).toEqual({ ready: 'idle' });
};

describe('comment thread', () => {
  it('loads, and on failure says why and loads again on retry', async () => {
    const t = thread();
    expect(t.state()).toBe('loading');
    t.loads.nth(0).fail(new Error('The comments could not be loaded.'));
    await flush();
    expect(t.state()).toBe('failed');
    expect(t.context().loadError).toBe('The comments could not be loaded.');
    t.actor.send({ type: 'thread.retry' });
    expect(t.state()).toBe('loading');
    t.loads.nth(1).answer(loaded([commentOf('c1', 'First')]));
    await flush();
    expect(t.state()).toEqual({ ready: 'idle' });
    expect(t.context().thread?.comments.map((c) => c.body)).toEqual(['First']);
    expect(t.context().loadError).toBeNull();
  });

  it('posts once however often Post is pressed, then appends the comment and empties the draft', async () => {
    const t = thread();
    await ready(t, [commentOf('c1', 'First')]);
    t.actor.send({ type: 'draft.edit', body: 'Check the bleed, @Sam Okafor' });
    t.actor.send({ type: 'draft.mention', person: sam });
    t.actor.send({ type: 'draft.mention', person: sam });
    const pin = { page: 2, x: 0.5, y: 0.25 };
    t.actor.send({ type: 'comment.post', pin });
    t.actor.send({ type: 'comment.post', pin });
    t.actor.send({ type: 'comment.post', pin: null });
    expect(t.state()).toEqual({ ready: 'posting' });
    expect(t.posts.asked()).toEqual([
      [{ fileId: 'f1', body: 'Check the bleed, @Sam Okafor', pin, mentions: ['u2'] }],
    ]);
    t.posts.nth(0).answer({ ok: true, comment: commentOf('c2', 'Check the bleed, @Sam Okafor') });
    await flush();
    expect(t.state()).toEqual({ ready: 'idle' });
    expect(t.context().thread?.comments.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(t.context().draft).toEqual({ body: '', mentions: [], fileId: 'f1' });
  });

  it('keeps the draft on a refusal with the field’s message, and on a failed connection', async () => {
    const t = thread();
    await ready(t);
    t.actor.send({ type: 'draft.edit', body: 'Look' });
    t.actor.send({ type: 'draft.mention', person: dana });
    t.actor.send({ type: 'draft.mention', person: sam });
    t.actor.send({ type: 'draft.unmention', id: 'u1' });
    t.actor.send({ type: 'comment.post', pin: null });
    t.posts.nth(0).answer({
      ok: false,
      message: 'x is no one in your company: mention only the people the list offers.',
      fieldErrors: { mentions: 'x is no one in your company: mention only the people the list offers.' },
    });
    await flush();
    expect(t.state()).toEqual({ ready: 'idle' });
    expect(t.context().draft).toEqual({ body: 'Look', mentions: [sam], fileId: 'f1' });
    expect(t.context().fieldErrors).toEqual({
      mentions: 'x is no one in your company: mention only the people the list offers.',
    });
    t.actor.send({ type: 'comment.post', pin: null });
    expect(t.context().fieldErrors).toEqual({});
    t.posts.nth(1).fail(new TypeError(''));
    await flush();
    expect(t.context().postError).toBe('Something went wrong. Check your connection and try again.');
    expect(t.context().draft.body).toBe('Look');
    expect(t.context().thread?.comments).toEqual([]);
  });

  it('refuses an empty comment without a request', async () => {
    const t = thread();
    await ready(t);
    t.actor.send({ type: 'draft.edit', body: '   ' });
    t.actor.send({ type: 'comment.post', pin: null });
    expect(t.state()).toEqual({ ready: 'idle' });
    expect(t.posts.asked()).toEqual([]);
    expect(t.context().fieldErrors).toEqual({ body: 'Write a comment first.' });
  });

  it('puts an order page’s comment on its first file until another is chosen', async () => {
    const t = thread(null);
    const files = [
      { id: 'f1', name: 'a.pdf' },
      { id: 'f2', name: 'b.pdf' },
    ];
    t.actor.send({ type: 'draft.edit', body: 'Typed while loading' });
    t.loads.nth(0).answer(loaded([], files));
    await flush();
    expect(t.context().draft).toEqual({ body: 'Typed while loading', mentions: [], fileId: 'f1' });
    t.actor.send({ type: 'draft.file', fileId: 'f2' });
    t.actor.send({ type: 'comment.post', pin: null });
    expect(t.posts.nth(0).args[0].fileId).toBe('f2');
  });

  it('deletes a comment once its author confirms, and says why when it could not', async () => {
    const t = thread();
    await ready(t, [commentOf('c1', 'First'), commentOf('c2', 'Second')]);
    t.actor.send({ type: 'comment.delete', id: 'c1' });
    expect(t.state()).toEqual({ ready: 'confirmingDelete' });
    t.actor.send({ type: 'comment.deleteDismissed' });
    expect(t.state()).toEqual({ ready: 'idle' });
    expect(t.context().deleting).toBeNull();

    t.actor.send({ type: 'comment.delete', id: 'c1' });
    t.actor.send({ type: 'comment.deleteConfirmed' });
    expect(t.state()).toEqual({ ready: 'deleting' });
    expect(t.removals.asked()).toEqual([[{ fileId: 'f1', id: 'c1' }]]);
    t.removals.nth(0).answer();
    await flush();
    expect(t.context().thread?.comments.map((c) => c.id)).toEqual(['c2']);

    t.actor.send({ type: 'comment.delete', id: 'c2' });
    t.actor.send({ type: 'comment.deleteConfirmed' });
    t.removals.nth(1).fail(new Error('Only the person who wrote a comment may delete it.'));
    await flush();
    expect(t.state()).toEqual({ ready: 'idle' });
    expect(t.context().deleteError).toBe('Only the person who wrote a comment may delete it.');
    expect(t.context().thread?.comments.map((c) => c.id)).toEqual(['c2']);
  });
  it('keeps what was typed while the comment posted, and the people named since (found by review)', async () => {
    const t = thread();
    await ready(t);
    t.actor.send({ type: 'draft.edit', body: 'first @Dana Whitfield' });
    t.actor.send({ type: 'draft.mention', person: dana });
    t.actor.send({ type: 'comment.post', pin: null });
    t.actor.send({ type: 'draft.edit', body: 'first @Dana Whitfield\nand a second thought, @Sam Okafor' });
    t.actor.send({ type: 'draft.mention', person: sam });
    expect(t.posts.nth(0).args[0]).toMatchObject({ body: 'first @Dana Whitfield', mentions: ['u1'] });
    t.posts.nth(0).answer({ ok: true, comment: commentOf('c1', 'first @Dana Whitfield') });
    await flush();
    expect(t.context().thread?.comments.map((c) => c.body)).toEqual(['first @Dana Whitfield']);
    expect(t.context().draft).toEqual({
      body: 'and a second thought, @Sam Okafor',
      mentions: [sam],
      fileId: 'f1',
    });
  });

  it('keeps a draft rewritten while it posted, whole', async () => {
    const t = thread();
    await ready(t);
    t.actor.send({ type: 'draft.edit', body: 'first' });
    t.actor.send({ type: 'comment.post', pin: null });
    t.actor.send({ type: 'draft.edit', body: 'something else' });
    t.posts.nth(0).answer({ ok: true, comment: commentOf('c1', 'first') });
    await flush();
    expect(t.context().draft.body).toBe('something else');
  });

  it('reads the thread again on thread.reload keeping the draft and its file while the page has it (found by review)', async () => {
    const t = thread(null);
    const files = [
      { id: 'f1', name: 'a.pdf' },
      { id: 'f2', name: 'b.pdf' },
    ];
    t.loads.nth(0).answer(loaded([], files));
    await flush();
    t.actor.send({ type: 'draft.edit', body: 'A long thought, @Sam Okafor' });
    t.actor.send({ type: 'draft.mention', person: sam });
    t.actor.send({ type: 'draft.file', fileId: 'f2' });
    t.actor.send({ type: 'thread.reload' });
    expect(t.state()).toEqual({ ready: 'reloading' });
    t.actor.send({ type: 'draft.edit', body: 'A long thought, @Sam Okafor, and more' });
    t.loads.nth(1).answer(loaded([commentOf('c1', 'New')], [...files, { id: 'f3', name: 'c.pdf' }]));
    await flush();
    expect(t.state()).toEqual({ ready: 'idle' });
    expect(t.context().thread?.comments.map((c) => c.id)).toEqual(['c1']);
    expect(t.context().draft).toEqual({
      body: 'A long thought, @Sam Okafor, and more',
      mentions: [sam],
      fileId: 'f2',
    });
    // The chosen file is gone from the page: the comment goes on the first file left.
    t.actor.send({ type: 'thread.reload' });
    t.loads.nth(2).answer(loaded([], [{ id: 'f3', name: 'c.pdf' }]));
    await flush();
    expect(t.context().draft.fileId).toBe('f3');
  });

  it('reads the thread again after a post when a reload was asked for meanwhile', async () => {
    const t = thread();
    await ready(t);
    t.actor.send({ type: 'draft.edit', body: 'first' });
    t.actor.send({ type: 'comment.post', pin: null });
    t.actor.send({ type: 'thread.reload' });
    expect(t.state()).toEqual({ ready: 'posting' });
    t.posts.nth(0).answer({ ok: true, comment: commentOf('c1', 'first') });
    await flush();
    expect(t.state()).toEqual({ ready: 'reloading' });
    t.loads.nth(1).fail(new TypeError(''));
    await flush();
    expect(t.state()).toEqual({ ready: 'idle' });
    expect(t.context().thread?.comments.map((c) => c.id)).toEqual(['c1']);
  });

  it('keeps the text and the people named in step, whichever is changed (found by review)', async () => {
    const t = thread();
    await ready(t);
    t.actor.send({
      type: 'draft.edit',
      body: 'Ask @Dana Whitfield and @Sam Okafor about @Sam Okafor’s crop',
    });
    t.actor.send({ type: 'draft.mention', person: dana });
    t.actor.send({ type: 'draft.mention', person: sam });
    // Removing a chip keeps the name as words, without the @ that made it read as a mention.
    t.actor.send({ type: 'draft.unmention', id: sam.id });
    expect(t.context().draft.body).toBe('Ask @Dana Whitfield and Sam Okafor about Sam Okafor’s crop');
    expect(t.context().draft.mentions).toEqual([dana]);
    // Deleting "@Name" from the text drops the person: they are not e-mailed about a comment not naming them.
    t.actor.send({ type: 'draft.edit', body: 'Ask @Dana Whitfiel and Sam Okafor' });
    expect(t.context().draft.mentions).toEqual([]);
    // A longer name that starts like theirs is not theirs.
    t.actor.send({ type: 'draft.edit', body: 'Hi @Dana Whitfield' });
    t.actor.send({ type: 'draft.mention', person: dana });
    t.actor.send({ type: 'draft.edit', body: 'Hi @Dana Whitfieldson' });
    expect(t.context().draft.mentions).toEqual([]);
    t.actor.send({ type: 'comment.post', pin: null });
    expect(t.posts.nth(0).args[0]).toMatchObject({ body: 'Hi @Dana Whitfieldson', mentions: [] });
  });

  it('tells a name from a longer one it begins, on deleting and on removing a chip (found by review)', async () => {
    const t = thread();
    await ready(t);
    const samShort = { id: 'u3', name: 'Sam' };
    const samLee = { id: 'u4', name: 'Sam Lee' };
    t.actor.send({ type: 'draft.edit', body: '@Sam Lee please check with @Sam' });
    t.actor.send({ type: 'draft.mention', person: samLee });
    t.actor.send({ type: 'draft.mention', person: samShort });
    // "@Sam" deleted from the text: Sam is no longer named ("@Sam Lee" is Sam Lee's, not Sam's).
    t.actor.send({ type: 'draft.edit', body: '@Sam Lee please check with ' });
    expect(t.context().draft.mentions).toEqual([samLee]);

    t.actor.send({ type: 'draft.edit', body: '@Sam Lee please check with @Sam.' });
    t.actor.send({ type: 'draft.mention', person: samShort });
    expect(t.context().draft.mentions).toEqual([samLee, samShort]);
    // Removing Sam's chip takes only Sam's @, never Sam Lee's.
    t.actor.send({ type: 'draft.unmention', id: samShort.id });
    expect(t.context().draft).toMatchObject({ body: '@Sam Lee please check with Sam.', mentions: [samLee] });
    t.actor.send({ type: 'comment.post', pin: null });
    expect(t.posts.nth(0).args[0]).toMatchObject({
      body: '@Sam Lee please check with Sam.',
      mentions: ['u4'],
    });
  });

  it('needs an "@Name" for each of two people sharing a name, and removes only the one chip’s (found by review)', async () => {
    const t = thread();
    await ready(t);
    const alex1 = { id: 'u5', name: 'Alex Kim' };
    const alex2 = { id: 'u6', name: 'Alex Kim' };
    t.actor.send({ type: 'draft.edit', body: '@Alex Kim and @Alex Kim: both of you' });
    t.actor.send({ type: 'draft.mention', person: alex1 });
    t.actor.send({ type: 'draft.mention', person: alex2 });
    // One "@Alex Kim" left in the text names one person, not two.
    t.actor.send({ type: 'draft.edit', body: '@Alex Kim: both of you' });
    expect(t.context().draft.mentions).toEqual([alex1]);

    t.actor.send({ type: 'draft.edit', body: '@Alex Kim and @Alex Kim: both of you' });
    t.actor.send({ type: 'draft.mention', person: alex2 });
    t.actor.send({ type: 'draft.unmention', id: alex2.id });
    expect(t.context().draft).toMatchObject({
      body: '@Alex Kim and Alex Kim: both of you',
      mentions: [alex1],
    });
    t.actor.send({ type: 'draft.unmention', id: alex1.id });
    expect(t.context().draft).toMatchObject({ body: 'Alex Kim and Alex Kim: both of you', mentions: [] });
  });
});
