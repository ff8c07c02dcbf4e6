import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { QueuedFile } from '../../contract/adminFiles';
import {
  fileReviewMachine,
  type ReviewDecision,
  selectReviewDone,
  selectReviewError,
  selectReviewing,
  selectReviewSending,
} from '../../machines/admin/fileReview.machine';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const FILE: QueuedFile = {
  id: '6f1c2a0e-4b7d-4c3e-9a51-0d2f3e4a5b6c',
  name: 'cover.png',
  status: 'attention',
  format: 'png',
  size_formatted: '12 KB',
  checks: [{ name: 'colour', result: 'failed', message: 'RGB colour; print needs CMYK.' }],
  review: null,
  company: 'Acme',
  order: 'AD-27-000001',
  run: '2027/03',
  run_label: 'March 2027 issue',
  ad_due: { date: '2027-01-29', days_left: 18 },
  approved: false,
  uploaded_at: '2027-01-11T09:00:00.000Z',
  download_url: '/api/v1/admin/files/x/download',
  can_accept: true,
  accept_note: null,
  can_return: true,
};

function start() {
  const sends = heldCalls<[{ id: string; decision: ReviewDecision; note: string }], string>();
  let reviewed = 0;
  const actor = createActor(
    fileReviewMachine.provide({
      actors: { sendReview: fromPromise(({ input }) => sends.call(input)) },
      actions: {
        reviewed: () => {
          reviewed += 1;
        },
      },
    }),
  ).start();
  return { actor, sends, reviewed: () => reviewed };
}

describe('file review machine', () => {
  it('sends the note only when there is one, and reads the queue again once answered', async () => {
    const { actor, sends, reviewed } = start();
    actor.send({ type: 'review.open', file: FILE, decision: 'return' });
    actor.send({ type: 'review.send' });
    expect(sends.calls).toHaveLength(0);
    actor.send({ type: 'review.note', text: ' The phone number is short. ' });
    actor.send({ type: 'review.send' });
    expect(selectReviewSending(actor.getSnapshot())).toBe(true);
    expect(sends.asked()).toEqual([
      [
        {
          id: FILE.id,
          order: FILE.order,
          run: FILE.run,
          decision: 'return',
          note: 'The phone number is short.',
        },
      ],
    ]);
    sends.nth(0).answer('cover.png is sent back: the customer is e-mailed your note.');
    await flush();
    expect(selectReviewing(actor.getSnapshot())).toBeNull();
    expect(selectReviewDone(actor.getSnapshot())).toBe(
      'cover.png is sent back: the customer is e-mailed your note.',
    );
    expect(reviewed()).toBe(1);
  });

  it('keeps the dialog and the note with the server’s refusal', async () => {
    const { actor, sends, reviewed } = start();
    actor.send({ type: 'review.open', file: FILE, decision: 'accept' });
    actor.send({ type: 'review.note', text: 'Colours may shift.' });
    actor.send({ type: 'review.send' });
    sends.nth(0).fail(new Error('logo.pdf is already the approved ad of this run.'));
    await flush();
    expect(actor.getSnapshot().matches('writing')).toBe(true);
    expect(selectReviewError(actor.getSnapshot())).toBe('logo.pdf is already the approved ad of this run.');
    expect(actor.getSnapshot().context.note).toBe('Colours may shift.');
    expect(reviewed()).toBe(0);
    actor.send({ type: 'review.cancel' });
    expect(selectReviewing(actor.getSnapshot())).toBeNull();
  });
});
