import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type ApproveResult,
  approvalRequestMachine,
  type RunOfFile,
} from '../../machines/files/approvalRequest.machine';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const RUN: RunOfFile = { fileId: 'f1', order: 'AD-27-000001', run: '2027/03' };

/** One run's approval (issue 33), with the API held by the test. */
function approval() {
  const approvals = heldCalls<[RunOfFile], ApproveResult>();
  const withdrawals = heldCalls<[number], void>();
  const accepts = heldCalls<[number], void>();
  const declines = heldCalls<[number, string], void>();
  let changes = 0;
  const actor = createActor(
    approvalRequestMachine.provide({
      actors: {
        approve: fromPromise(({ input }) => approvals.call(input)),
        withdraw: fromPromise(({ input }) => withdrawals.call(input.requestId)),
        accept: fromPromise(({ input }) => accepts.call(input.requestId)),
        decline: fromPromise(({ input }) => declines.call(input.requestId, input.reason)),
      },
      actions: { changed: () => (changes += 1) },
    }),
    { input: RUN },
  ).start();
  return {
    actor,
    approvals,
    withdrawals,
    accepts,
    declines,
    changes: () => changes,
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

describe('a run’s approval', () => {
  it('approves at once for whoever may, and has the files read again', async () => {
    const a = approval();
    a.actor.send({ type: 'approval.approve' });
    expect(a.state()).toBe('sending');
    expect(a.approvals.asked()).toEqual([[RUN]]);
    a.approvals.nth(0).answer('approved');
    await flush();
    expect(a.state()).toBe('approved');
    expect(a.changes()).toBe(1);
  });

  it('asks the admins for a member when approvals need one', async () => {
    const a = approval();
    a.actor.send({ type: 'approval.approve' });
    a.approvals.nth(0).answer('requested');
    await flush();
    expect(a.state()).toBe('requested');
    expect(a.changes()).toBe(1);
  });

  it('says why approving was refused, changes nothing, and lets the person try again', async () => {
    const a = approval();
    a.actor.send({ type: 'approval.approve' });
    a.approvals
      .nth(0)
      .fail(new Error('You asked for march.jpg to be approved on Jan 11, 2027: it is waiting for an admin.'));
    await flush();
    expect(a.state()).toBe('refused');
    expect(a.context().error).toBe(
      'You asked for march.jpg to be approved on Jan 11, 2027: it is waiting for an admin.',
    );
    expect(a.changes()).toBe(0);
    a.actor.send({ type: 'approval.approve' });
    expect(a.state()).toBe('sending');
    expect(a.context().error).toBeNull();
  });

  it('says a broken connection in words', async () => {
    const a = approval();
    a.actor.send({ type: 'approval.approve' });
    a.approvals.nth(0).fail(new Error(''));
    await flush();
    expect(a.context().error).toBe('Something went wrong. Check your connection and try again.');
  });

  it('withdraws the member’s own request', async () => {
    const a = approval();
    a.actor.send({ type: 'approval.withdraw', requestId: 7 });
    expect(a.state()).toBe('withdrawing');
    expect(a.withdrawals.asked()).toEqual([[7]]);
    a.withdrawals.nth(0).answer();
    await flush();
    expect(a.state()).toBe('withdrawn');
    expect(a.changes()).toBe(1);
  });

  it('accepts a request for an admin, or says why not', async () => {
    const a = approval();
    a.actor.send({ type: 'approval.accept', requestId: 7 });
    expect(a.state()).toBe('accepting');
    a.accepts
      .nth(0)
      .fail(new Error('The ad for March 2027 issue was due on Jan 29, 2027: call us to send a late file.'));
    await flush();
    expect(a.state()).toBe('refused');
    expect(a.context().error).toMatch(/was due on Jan 29, 2027/);
    a.actor.send({ type: 'approval.accept', requestId: 7 });
    a.accepts.nth(1).answer();
    await flush();
    expect(a.state()).toBe('accepted');
    expect(a.changes()).toBe(1);
  });

  it('declines only with a reason, sent trimmed', async () => {
    const a = approval();
    a.actor.send({ type: 'approval.startDecline', requestId: 7 });
    expect(a.state()).toEqual({ editingReason: 'editing' });
    a.actor.send({ type: 'approval.decline' });
    expect(a.state()).toEqual({ editingReason: 'editing' });
    a.actor.send({ type: 'approval.reasonChanged', reason: '   ' });
    a.actor.send({ type: 'approval.decline' });
    expect(a.declines.asked()).toEqual([]);
    a.actor.send({ type: 'approval.reasonChanged', reason: ' Use the new logo. ' });
    a.actor.send({ type: 'approval.decline' });
    expect(a.state()).toBe('declining');
    expect(a.declines.asked()).toEqual([[7, 'Use the new logo.']]);
    a.declines.nth(0).answer();
    await flush();
    expect(a.state()).toBe('declined');
    expect(a.context()).toMatchObject({ reason: '', requestId: null });
    expect(a.changes()).toBe(1);
  });

  it('keeps the reason typed when declining is refused, with the sentence', async () => {
    const a = approval();
    a.actor.send({ type: 'approval.startDecline', requestId: 7 });
    a.actor.send({ type: 'approval.reasonChanged', reason: 'Wrong date.' });
    a.actor.send({ type: 'approval.decline' });
    a.declines.nth(0).fail(new Error('This request is no longer open: it was withdrawn.'));
    await flush();
    expect(a.state()).toEqual({ editingReason: 'refused' });
    expect(a.context()).toMatchObject({
      reason: 'Wrong date.',
      error: 'This request is no longer open: it was withdrawn.',
    });
    a.actor.send({ type: 'approval.cancelDecline' });
    expect(a.state()).toBe('idle');
    expect(a.context()).toMatchObject({ reason: '', error: null, requestId: null });
    expect(a.changes()).toBe(0);
  });
  it('sends nothing again after a success until the run is read again (found by review)', async () => {
    const a = approval();
    a.actor.send({ type: 'approval.approve' });
    a.approvals.nth(0).answer('approved');
    await flush();
    a.actor.send({ type: 'approval.approve' });
    expect(a.state()).toBe('approved');
    expect(a.approvals.asked()).toHaveLength(1);
    a.actor.send({ type: 'approval.refreshed' });
    expect(a.state()).toBe('idle');
    a.actor.send({ type: 'approval.approve' });
    expect(a.approvals.asked()).toHaveLength(2);
  });

  it('says a request was sent until it is read back, then lets its author withdraw it, and forgets it when it changes', async () => {
    const a = approval();
    a.actor.send({ type: 'approval.approve' });
    a.approvals.nth(0).answer('requested');
    await flush();
    a.actor.send({ type: 'approval.approve' });
    a.actor.send({ type: 'approval.withdraw', requestId: 7 });
    expect(a.state()).toBe('requested');
    expect(a.approvals.asked()).toHaveLength(1);
    expect(a.withdrawals.asked()).toEqual([]);
    a.actor.send({ type: 'approval.refreshed' });
    expect(a.state()).toBe('asked');
    a.actor.send({ type: 'approval.refreshed' });
    expect(a.state()).toBe('idle');
    a.actor.send({ type: 'approval.withdraw', requestId: 7 });
    expect(a.withdrawals.asked()).toEqual([[7]]);
  });

  it('accepts once, however often Accept is pressed before the list is read again', async () => {
    const a = approval();
    a.actor.send({ type: 'approval.accept', requestId: 7 });
    a.accepts.nth(0).answer();
    await flush();
    a.actor.send({ type: 'approval.accept', requestId: 7 });
    expect(a.accepts.asked()).toEqual([[7]]);
  });

  it('lets go of the buttons when the run could not be read again, so a failed read never locks them (found by review)', async () => {
    const a = approval();
    a.actor.send({ type: 'approval.accept', requestId: 7 });
    a.accepts.nth(0).answer();
    await flush();
    expect(a.state()).toBe('accepted');
    a.actor.send({ type: 'approval.refreshFailed' });
    expect(a.state()).toBe('idle');

    const member = approval();
    member.actor.send({ type: 'approval.approve' });
    member.approvals.nth(0).answer('requested');
    await flush();
    member.actor.send({ type: 'approval.refreshFailed' });
    // Still said as sent, and its author may withdraw it.
    expect(member.state()).toBe('asked');
    member.actor.send({ type: 'approval.withdraw', requestId: 7 });
    expect(member.withdrawals.asked()).toEqual([[7]]);
  });
});
