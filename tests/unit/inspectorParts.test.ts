import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { searchDrawerMachine } from '../../machines/searchDrawer/searchDrawer.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import { acceptedEvents, stateFacts } from '../../src/features/inspector/machineFacts';
import { readPayload } from '../../src/features/inspector/SendEvent';
import { diff, plain } from '../../src/features/inspector/snapshotDiff';
import { fitView, isVisible, reveal, zoomAt } from '../../src/features/inspector/viewport';

describe('the chart’s view', () => {
  it('zooms around the pointer: the chart point under it stays put', () => {
    const view = { x: 30, y: -10, k: 1 };
    const at = { x: 200, y: 120 };
    const chartPoint = { x: (at.x - view.x) / view.k, y: (at.y - view.y) / view.k };
    const zoomed = zoomAt(view, 2, at);
    expect(zoomed.k).toBe(2);
    expect(zoomed.x + chartPoint.x * zoomed.k).toBeCloseTo(at.x);
    expect(zoomed.y + chartPoint.y * zoomed.k).toBeCloseTo(at.y);
    expect(zoomAt(view, 1000, at).k).toBe(4);
    expect(zoomAt(view, 0.0001, at).k).toBe(0.1);
  });

  it('fits a large chart inside the panel, centred, and never enlarges a small one', () => {
    const panel = { width: 800, height: 500 };
    const big = fitView({ width: 2000, height: 600 }, panel);
    expect(big.k).toBeLessThan(1);
    expect(isVisible(big, { x: 0, y: 0, width: 2000, height: 600 }, panel)).toBe(true);
    const small = fitView({ width: 200, height: 100 }, panel);
    expect(small).toEqual({ k: 1, x: 300, y: 200 });
  });

  it('moves only when the active state has left the panel, and then centres it', () => {
    const panel = { width: 400, height: 300 };
    const view = { x: 0, y: 0, k: 1 };
    const onScreen = { x: 10, y: 10, width: 90, height: 40 };
    expect(reveal(view, onScreen, panel)).toBe(view);
    const offScreen = { x: 900, y: 700, width: 90, height: 40 };
    const moved = reveal(view, offScreen, panel);
    expect(isVisible(moved, offScreen, panel)).toBe(true);
    expect(moved.x + (offScreen.x + offScreen.width / 2) * moved.k).toBeCloseTo(200);
  });
});

describe('what the inspector reads from a machine', () => {
  it('offers the events the active states take, without XState’s own', () => {
    const closed = createActor(searchDrawerMachine).start();
    const offered = acceptedEvents(searchDrawerMachine, closed.getSnapshot().value);
    expect(offered).toContain('search.open');
    expect(offered).not.toContain('search.close');
    closed.send({ type: 'search.open' });
    expect(acceptedEvents(searchDrawerMachine, closed.getSnapshot().value)).toContain('search.close');
    expect(
      acceptedEvents(sessionMachine, { auth: 'confirming' }).every((e) => !e.startsWith('xstate.')),
    ).toBe(true);
  });

  it('lists a state’s transitions and its entry and exit actions', () => {
    const facts = stateFacts(searchDrawerMachine, 'searchDrawer.drawer.closed');
    expect(facts?.transitions).toContainEqual({
      event: 'search.open',
      targets: ['searchDrawer.drawer.open'],
    });
    expect(stateFacts(searchDrawerMachine, 'searchDrawer.nowhere')).toBeNull();
  });
});

describe('what an event changed', () => {
  it('lists the paths that differ, added and removed ones too', () => {
    const before = plain({ value: { drawer: 'closed' }, context: { query: '', items: [1, 2] } });
    const after = plain({ value: { drawer: 'open' }, context: { query: 'chi', items: [1], added: true } });
    expect(diff(before, after)).toEqual([
      { path: 'value.drawer', before: 'closed', after: 'open' },
      { path: 'context.query', before: '', after: 'chi' },
      { path: 'context.items[1]', before: 2, after: undefined },
      { path: 'context.added', before: undefined, after: true },
    ]);
    expect(diff(before, before)).toEqual([]);
  });

  it('writes any context out as data: actors, functions, dates and cycles', () => {
    const actor = createActor(searchDrawerMachine);
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(plain({ actor, at: new Date(0), run: function go() {}, cyclic })).toEqual({
      actor: `[actor ${actor.id}]`,
      at: '1970-01-01T00:00:00.000Z',
      run: '[function go]',
      cyclic: { name: 'loop', self: '[cycle]' },
    });
  });
});

describe('the payload of an event sent by hand', () => {
  it('takes a JSON object, and says what is wrong with anything else', () => {
    expect(readPayload('')).toEqual({ ok: true, value: {} });
    expect(readPayload('{"query": "chicago"}')).toEqual({ ok: true, value: { query: 'chicago' } });
    expect(readPayload('{"query": ')).toMatchObject({ ok: false, error: expect.stringMatching(/^Not JSON/) });
    expect(readPayload('[1]')).toMatchObject({ ok: false, error: expect.stringContaining('JSON object') });
    expect(readPayload('{"type": "x"}')).toMatchObject({
      ok: false,
      error: expect.stringContaining('Leave out'),
    });
  });
});
