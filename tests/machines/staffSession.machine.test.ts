import { describe, expect, it } from 'vitest';
import { SESSION_ENDED } from '../../machines/admin/staffSession.machine';
import { flush } from './sessionHarness';
import { CREDENTIALS, EIGHT_HOURS, STAFF_T0, staffSessionAt, startStaffSession } from './staffSessionHarness';

const LOCKED = 'Too many failed sign-ins for this account. Try again in 15 minutes.';

describe('the back office sign-in', () => {
  it('signs in, keeps the session in the tab, and ends it when its 8 hours are up, to the millisecond', async () => {
    const { actor, signIns, clock, storage, state } = startStaffSession();
    await flush();
    expect(state()).toBe('signedOut');
    actor.send({ type: 'staff.signIn', ...CREDENTIALS });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(signIns.asked()).toEqual([[CREDENTIALS]]);
    const session = staffSessionAt(STAFF_T0);
    signIns.nth(0).answer({ kind: 'signedIn', session });
    await flush();
    expect(state()).toBe('signedIn');
    expect(storage.stored).toEqual(session);
    clock.increment(EIGHT_HOURS - 1);
    expect(state()).toBe('signedIn');
    clock.increment(1);
    expect(state()).toBe('expired');
    expect(actor.getSnapshot().context.notice).toBe(SESSION_ENDED);
    expect(storage.stored).toBeNull();
  });

  it('waits out the lock the server answers, and no longer', async () => {
    const { actor, signIns, clock, state } = startStaffSession();
    await flush();
    actor.send({ type: 'staff.signIn', ...CREDENTIALS });
    signIns.nth(0).answer({ kind: 'locked', message: LOCKED, retryAfterMs: 900_000 });
    await flush();
    expect(state()).toBe('lockedOut');
    expect(actor.getSnapshot().context.error).toBe(LOCKED);
    actor.send({ type: 'staff.signIn', ...CREDENTIALS });
    expect(signIns.calls).toHaveLength(1);
    clock.increment(899_999);
    expect(state()).toBe('lockedOut');
    clock.increment(1);
    expect(state()).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('shows a refusal and lets the person try again', async () => {
    const { actor, signIns, state } = startStaffSession();
    await flush();
    actor.send({ type: 'staff.signIn', ...CREDENTIALS });
    signIns
      .nth(0)
      .answer({ kind: 'refused', message: 'That e-mail, password and code do not match a staff account.' });
    await flush();
    expect(state()).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toMatch(/do not match/);
    actor.send({ type: 'staff.signIn', ...CREDENTIALS });
    signIns.nth(1).fail(new Error('offline'));
    await flush();
    expect(actor.getSnapshot().context.error).toBe(
      'We could not reach the server. Check your connection and try again.',
    );
  });

  it('reads a live session back from the tab, and forgets one whose hours are up', async () => {
    const live = startStaffSession({ stored: staffSessionAt(STAFF_T0 - EIGHT_HOURS + 60_000) });
    await flush();
    expect(live.state()).toBe('signedIn');
    live.clock.increment(60_000);
    expect(live.state()).toBe('expired');

    const old = startStaffSession({ stored: staffSessionAt(STAFF_T0 - EIGHT_HOURS) });
    await flush();
    expect(old.state()).toBe('signedOut');
    expect(old.storage.stored).toBeNull();
  });

  it('signs out (forgetting the token even when the server is not reached), and ends at a 401', async () => {
    const { actor, signIns, signOuts, storage, state } = startStaffSession();
    await flush();
    actor.send({ type: 'staff.signIn', ...CREDENTIALS });
    signIns.nth(0).answer({ kind: 'signedIn', session: staffSessionAt(STAFF_T0) });
    await flush();
    actor.send({ type: 'staff.signOut' });
    expect(signOuts.asked()).toEqual([['staff-token']]);
    signOuts.nth(0).fail(new Error('offline'));
    await flush();
    expect(state()).toBe('signedOut');
    expect(storage.stored).toBeNull();

    actor.send({ type: 'staff.signIn', ...CREDENTIALS });
    signIns.nth(1).answer({ kind: 'signedIn', session: staffSessionAt(STAFF_T0) });
    await flush();
    actor.send({ type: 'staff.rejected' });
    expect(state()).toBe('expired');
  });
});
