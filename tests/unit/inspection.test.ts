import { describe, expect, it } from 'vitest';
import { assign, createActor, sendTo, setup } from 'xstate';
import { inspect, inspected } from '../../src/system/inspection';

/** A counter that, on `ping`, asks its echo child to send `bump` back: the reply waits in its mailbox. */
const echo = setup({}).createMachine({
  on: { ping: { actions: sendTo(({ system }) => system.get('counter'), { type: 'bump' }) } },
});
const counter = setup({ actors: { echo } }).createMachine({
  id: 'counter',
  context: { n: 0 },
  invoke: { src: 'echo', systemId: 'echo' },
  on: {
    bump: { actions: assign({ n: ({ context }) => context.n + 1 }) },
    ping: {
      actions: [
        assign({ n: ({ context }) => context.n + 10 }),
        sendTo(({ system }) => system.get('echo'), { type: 'ping' }),
      ],
    },
  },
});

describe('the inspector’s record of events', () => {
  it('pairs each event with the snapshots before and after the receiver processed it', () => {
    if (!inspect) throw new Error('The inspector is on in tests (development mode).');
    const actor = createActor(counter, { inspect, systemId: 'counter' }).start();
    const from = inspected().events.length;
    actor.send({ type: 'ping' });
    const mine = inspected().events.slice(from);
    const ping = mine.find((e) => e.type === 'ping' && e.target === 'counter');
    const bump = mine.find((e) => e.type === 'bump');
    expect(ping?.source).toBeNull();
    expect(bump?.source).toBe('echo');
    const n = (snapshot: { context: unknown } | null | undefined) =>
      (snapshot?.context as { n: number } | undefined)?.n;
    expect(n(ping?.before)).toBe(0);
    expect(n(ping?.after)).toBe(10);
    // The reply came while the counter was busy with the ping: it found the ping's result.
    expect(n(bump?.before)).toBe(10);
    expect(n(bump?.after)).toBe(11);
    actor.stop();
  });

  it('marks an event sent to a stopped actor as dropped, never waiting for it', () => {
    if (!inspect) throw new Error('The inspector is on in tests (development mode).');
    const actor = createActor(counter, { inspect, systemId: 'counter' }).start();
    actor.stop();
    actor.send({ type: 'bump' });
    const last = inspected().events.at(-1);
    expect(last?.type).toBe('bump');
    expect(last?.dropped).toBe(true);
    expect(last?.after).toBeNull();
  });
});
