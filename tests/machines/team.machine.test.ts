import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { TeamAnswer } from '../../contract/auth';
import { type TeamAction, teamMachine } from '../../machines/team/team.machine';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const TEAM: TeamAnswer = {
  members: [
    {
      uuid: 'u-owner',
      fullname: 'Dana Reyes',
      email: 'dana@x.example',
      avatar: null,
      role: 'owner',
      you: true,
    },
    { uuid: 'u-kim', fullname: 'Kim Lee', email: 'kim@x.example', avatar: null, role: 'admin', you: false },
  ],
  invites: [
    {
      id: 'i-1',
      email: 'sam@x.example',
      role: 'member',
      created_at: '2027-01-11T09:00:00Z',
      expires_at: '2027-01-25T09:00:00Z',
    },
  ],
  former: [],
  your_role: 'owner',
  approvals_need_admin: false,
};

/** The team page's machine with the API held by the test. */
function teamPage() {
  const loads = heldCalls<[], TeamAnswer>();
  const acts = heldCalls<[TeamAction], string>();
  const toasts: string[] = [];
  let roleChanges = 0;
  const actor = createActor(
    teamMachine.provide({
      actors: {
        loadTeam: fromPromise(() => loads.call()),
        act: fromPromise(({ input }) => acts.call(input)),
      },
      actions: {
        announce: (_, { message }) => toasts.push(message),
        roleChanged: () => (roleChanges += 1),
      },
    }),
  ).start();
  return { actor, loads, acts, toasts, roleChanges: () => roleChanges, snapshot: () => actor.getSnapshot() };
}

async function shown() {
  const t = teamPage();
  t.loads.nth(0).answer(TEAM);
  await flush();
  return t;
}

describe('the team page', () => {
  it('says why the team could not be loaded, and tries again', async () => {
    const t = teamPage();
    t.loads.nth(0).fail(new Error('Adlane did not answer.'));
    await flush();
    expect(t.snapshot().value).toBe('failed');
    expect(t.snapshot().context.error).toBe('Adlane did not answer.');
    t.actor.send({ type: 'team.retry' });
    t.loads.nth(1).answer(TEAM);
    await flush();
    expect(t.snapshot().context.team).toEqual(TEAM);
  });

  it('changes a role at once, toasts the answer and reads the team again', async () => {
    const t = await shown();
    t.actor.send({ type: 'team.changeRole', uuid: 'u-kim', role: 'member' });
    expect(t.acts.asked()).toEqual([[{ kind: 'role', uuid: 'u-kim', role: 'member' }]]);
    t.acts.nth(0).answer('Kim Lee is now a member.');
    await flush();
    expect(t.toasts).toEqual(['Kim Lee is now a member.']);
    expect(t.loads.calls).toHaveLength(2);
    const changed = {
      ...TEAM,
      members: TEAM.members.map((m) => (m.uuid === 'u-kim' ? { ...m, role: 'member' as const } : m)),
    };
    t.loads.nth(1).answer(changed);
    await flush();
    expect(t.snapshot().context.team).toEqual(changed);
    expect(t.snapshot().value).toEqual({ shown: 'idle' });
  });

  it('turns "approvals need an admin" on at once, or keeps the refusal beside the switch (issue 33)', async () => {
    const t = await shown();
    t.actor.send({ type: 'team.approvalsNeedAdmin', on: true });
    expect(t.acts.asked()).toEqual([[{ kind: 'approvals', on: true }]]);
    t.acts.nth(0).answer('Approvals now need an admin.');
    await flush();
    expect(t.toasts).toEqual(['Approvals now need an admin.']);
    t.loads.nth(1).answer({ ...TEAM, approvals_need_admin: true });
    await flush();
    expect(t.snapshot().context.team?.approvals_need_admin).toBe(true);
    t.actor.send({ type: 'team.approvalsNeedAdmin', on: false });
    t.acts
      .nth(1)
      .fail(
        new Error('Only the owner or an admin of your company can change whether approvals need an admin.'),
      );
    await flush();
    expect(t.snapshot().context.actionError).toEqual({
      about: 'approvals',
      message: 'Only the owner or an admin of your company can change whether approvals need an admin.',
    });
  });

  it('removes someone only after a confirmation; a dismissal sends nothing', async () => {
    const t = await shown();
    t.actor.send({ type: 'team.remove', uuid: 'u-kim' });
    expect(t.snapshot().hasTag('confirming')).toBe(true);
    t.actor.send({ type: 'team.dismiss' });
    expect(t.acts.calls).toHaveLength(0);
    expect(t.snapshot().context.action).toBeNull();
    t.actor.send({ type: 'team.remove', uuid: 'u-kim' });
    t.actor.send({ type: 'team.confirm' });
    expect(t.acts.asked()).toEqual([[{ kind: 'remove', uuid: 'u-kim' }]]);
  });

  it('keeps a refusal beside the person it was about, and shows the team as it is now', async () => {
    const t = await shown();
    t.actor.send({ type: 'team.cancelInvite', id: 'i-1' });
    t.acts.nth(0).fail(new Error('That invitation is no longer open.'));
    await flush();
    expect(t.snapshot().context.actionError).toEqual({
      about: 'i-1',
      message: 'That invitation is no longer open.',
    });
    expect(t.toasts).toEqual([]);
    t.loads.nth(1).answer({ ...TEAM, invites: [] });
    await flush();
    expect(t.snapshot().context.team?.invites).toEqual([]);
    // The next action starts without the old refusal.
    t.actor.send({ type: 'team.resendInvite', id: 'i-2' });
    expect(t.snapshot().context.actionError).toBeNull();
  });

  it('hands the company over after a confirmation and tells the session its role changed', async () => {
    const t = await shown();
    t.actor.send({ type: 'team.transfer', uuid: 'u-kim' });
    t.actor.send({ type: 'team.confirm' });
    t.acts.nth(0).answer('Kim Lee now owns the company; you are an admin.');
    await flush();
    expect(t.roleChanges()).toBe(1);
    expect(t.toasts).toEqual(['Kim Lee now owns the company; you are an admin.']);
  });

  it('ignores a second action while one is on its way', async () => {
    const t = await shown();
    t.actor.send({ type: 'team.changeRole', uuid: 'u-kim', role: 'member' });
    t.actor.send({ type: 'team.remove', uuid: 'u-kim' });
    expect(t.acts.calls).toHaveLength(1);
    expect(t.snapshot().hasTag('confirming')).toBe(false);
  });
});
