import { describe, expect, it } from 'vitest';
import type { FileComment } from '../../contract/adFiles';
import type { LoadedThread } from '../../machines/files/commentThread.machine';
import { createCommentThread } from '../../src/system/fileComments';
import { heldCalls } from '../machines/heldCalls';
import { commentOf, dana } from '../support/commentFixtures';
import { flush } from './fakeApp';

/** A file's thread over held calls, and the bodies of the comments the page was told of, each time. */
function fileThread() {
  const loads = heldCalls<[string], LoadedThread>();
  const posts = heldCalls<[string, unknown], { ok: true; data: FileComment; message: string }>();
  const removals = heldCalls<[string, string], void>();
  const told: string[][] = [];
  const actor = createCommentThread(
    { file: 'f1' },
    undefined,
    (comments) => told.push(comments.map((c) => c.body)),
    {
      fetchFileThread: (id) => loads.call(id),
      fetchOrderThread: () => Promise.reject(new Error('not an order page')),
      postComment: (fileId, body) => posts.call(fileId, body),
      deleteComment: (fileId, id) => removals.call(fileId, id),
    },
  ).start();
  return { actor, loads, posts, removals, told };
}

describe("a page's comment thread tells the page of its comments (the proof viewer's pins, a card's count)", () => {
  it('tells once loaded, after a post and a delete, and never for the draft or a failed read', async () => {
    const { actor, loads, posts, removals, told } = fileThread();
    expect(told).toEqual([]);
    loads.nth(0).answer({ comments: [commentOf('c1', 'First')], people: [dana], files: [] });
    await flush();
    expect(told).toEqual([['First']]);

    // Typing is the draft's: the comments did not change.
    actor.send({ type: 'draft.edit', body: 'Second' });
    expect(told).toHaveLength(1);

    actor.send({ type: 'comment.post', pin: null });
    posts.nth(0).answer({ ok: true, data: commentOf('c2', 'Second'), message: '' });
    await flush();
    expect(told).toEqual([['First'], ['First', 'Second']]);

    // Read again and refused: the comments shown stay, so nothing is told.
    actor.send({ type: 'thread.reload' });
    loads.nth(1).fail(new Error('offline'));
    await flush();
    expect(told).toHaveLength(2);

    actor.send({ type: 'comment.delete', id: 'c1' });
    actor.send({ type: 'comment.deleteConfirmed' });
    removals.nth(0).answer();
    await flush();
    expect(told).toEqual([['First'], ['First', 'Second'], ['Second']]);
  });
});
