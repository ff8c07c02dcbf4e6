import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { toastsMachine } from '../../machines/toasts/toasts.machine';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(toastsMachine, { clock });
  actor.start();
  const messages = () => actor.getSnapshot().context.toasts.map((t) => t.message);
  return { actor, clock, messages };
}

describe('toasts (SPEC section 4)', () => {
  it('shows success and error toasts, newest last', () => {
    const { actor, messages } = start();
    actor.send({ type: 'toast.show', variant: 'success', message: 'Added to your cart' });
    actor.send({ type: 'toast.show', variant: 'error', message: 'Error adding new item' });
    expect(messages()).toEqual(['Added to your cart', 'Error adding new item']);
    expect(actor.getSnapshot().context.toasts.map((t) => t.variant)).toEqual(['success', 'error']);
  });

  it('keeps at most 3 visible: a fourth pushes the oldest out', () => {
    const { actor, messages } = start();
    for (const n of [1, 2, 3, 4])
      actor.send({ type: 'toast.show', variant: 'success', message: `toast ${n}` });
    expect(messages()).toEqual(['toast 2', 'toast 3', 'toast 4']);
  });

  it('hides each toast 5 seconds after it appeared, not before', () => {
    const { actor, clock, messages } = start();
    actor.send({ type: 'toast.show', variant: 'success', message: 'first' });
    clock.increment(2_000);
    actor.send({ type: 'toast.show', variant: 'success', message: 'second' });
    clock.increment(2_999);
    expect(messages()).toEqual(['first', 'second']);
    clock.increment(1);
    expect(messages()).toEqual(['second']);
    clock.increment(2_000);
    expect(messages()).toEqual([]);
  });

  it('can be dismissed early, and a pushed-out toast leaves no timer behind', () => {
    const { actor, clock, messages } = start();
    for (const n of [1, 2, 3, 4]) actor.send({ type: 'toast.show', variant: 'error', message: `toast ${n}` });
    const [first] = actor.getSnapshot().context.toasts;
    actor.send({ type: 'toast.dismiss', id: first?.id ?? '' });
    expect(messages()).toEqual(['toast 3', 'toast 4']);
    expect(Object.keys(actor.getSnapshot().children)).toHaveLength(2);
    clock.increment(5_000);
    expect(messages()).toEqual([]);
  });
});

describe('toasts wait while a person is on them (WCAG 2.2.1)', () => {
  it('holds every toast while held, and gives each its whole 5 seconds once released', () => {
    const { actor, clock, messages } = start();
    actor.send({ type: 'toast.show', variant: 'success', message: 'Removed' });
    clock.increment(4_000);
    actor.send({ type: 'toast.hold' });
    clock.increment(60_000);
    expect(messages()).toEqual(['Removed']);
    actor.send({ type: 'toast.release' });
    clock.increment(4_999);
    expect(messages()).toEqual(['Removed']);
    clock.increment(1);
    expect(messages()).toEqual([]);
  });

  it('a toast that comes while the toasts are held waits too', () => {
    const { actor, clock, messages } = start();
    actor.send({ type: 'toast.hold' });
    actor.send({ type: 'toast.show', variant: 'error', message: 'Sold out' });
    clock.increment(10_000);
    expect(messages()).toEqual(['Sold out']);
    actor.send({ type: 'toast.release' });
    clock.increment(5_000);
    expect(messages()).toEqual([]);
  });
});

describe('a toast with a button (Undo)', () => {
  it('stays until its button is used, it is closed or newer toasts push it out, and has no timer', () => {
    const { actor, clock, messages } = start();
    const undo = { label: 'Undo', to: 'cart', event: { type: 'cart.undoRemove' } };
    actor.send({ type: 'toast.show', variant: 'success', message: 'Removed KZZZ-TV 9.', action: undo });
    actor.send({ type: 'toast.show', variant: 'success', message: 'Saved.' });
    expect(Object.keys(actor.getSnapshot().children)).toHaveLength(1);
    clock.increment(60 * 60_000);
    expect(messages()).toEqual(['Removed KZZZ-TV 9.']);
    actor.send({ type: 'toast.hold' });
    actor.send({ type: 'toast.release' });
    for (const n of [1, 2]) actor.send({ type: 'toast.show', variant: 'success', message: `toast ${n}` });
    expect(messages()).toEqual(['Removed KZZZ-TV 9.', 'toast 1', 'toast 2']);
    actor.send({ type: 'toast.show', variant: 'success', message: 'toast 3' });
    expect(messages()).toEqual(['toast 1', 'toast 2', 'toast 3']);
  });
});
