import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { selectTyped, typedSearchMachine } from '../../machines/search/typedSearch.machine';

function box(text = '', trim = false) {
  const clock = new SimulatedClock();
  const sent: string[] = [];
  const actor = createActor(
    typedSearchMachine.provide({ actions: { sendToAddress: (_, { text }) => sent.push(text) } }),
    { input: { text, trim }, clock },
  ).start();
  return { actor, clock, sent, typed: () => selectTyped(actor.getSnapshot()) };
}

describe('a search box whose words live in the address', () => {
  it('sends the words once typing pauses, and keeps what is typed while the address catches up', () => {
    const { actor, clock, sent, typed } = box();
    actor.send({ type: 'search.type', text: 'AD' });
    clock.increment(399);
    expect(sent).toEqual([]);
    clock.increment(1);
    expect(sent).toEqual(['AD']);
    // Typed on before the router answered: the late address is only the echo of "AD".
    actor.send({ type: 'search.type', text: 'AD-2' });
    actor.send({ type: 'search.addressChanged', text: 'AD' });
    expect(typed()).toBe('AD-2');
    clock.increment(400);
    expect(sent).toEqual(['AD', 'AD-2']);
  });

  it('sends at once on Enter, and nothing when the words did not change', () => {
    const { actor, clock, sent } = box('Acme');
    actor.send({ type: 'search.type', text: 'Acme Co' });
    actor.send({ type: 'search.submit' });
    expect(sent).toEqual(['Acme Co']);
    clock.increment(400);
    actor.send({ type: 'search.type', text: 'Acme Co' });
    clock.increment(400);
    expect(sent).toEqual(['Acme Co']);
  });

  it('takes the words of an address someone else moved (back, a link), dropping a pending send', () => {
    const { actor, clock, sent, typed } = box('Acme');
    actor.send({ type: 'search.type', text: 'Acm' });
    actor.send({ type: 'search.addressChanged', text: 'Lakeshore' });
    expect(typed()).toBe('Lakeshore');
    clock.increment(400);
    expect(sent).toEqual([]);
  });

  it('keeps the words as typed by default: a space at the end is sent too (the queue: its server trims)', () => {
    const { actor, clock, sent } = box();
    actor.send({ type: 'search.type', text: 'Acme ' });
    clock.increment(400);
    expect(sent).toEqual(['Acme ']);
  });

  it('trimmed (the spec sheets), sends the words without their spaces and keeps the space typed', () => {
    const { actor, clock, sent, typed } = box('', true);
    actor.send({ type: 'search.type', text: ' bleed ' });
    clock.increment(400);
    expect(sent).toEqual(['bleed']);
    // The address echoes the trimmed words: what was typed, its space included, stays in the box.
    actor.send({ type: 'search.addressChanged', text: 'bleed' });
    expect(typed()).toBe(' bleed ');
    // A space more is no new words: nothing is sent, on a pause or on Enter.
    actor.send({ type: 'search.type', text: ' bleed  ' });
    clock.increment(400);
    actor.send({ type: 'search.type', text: ' bleed ' });
    actor.send({ type: 'search.submit' });
    expect(sent).toEqual(['bleed']);
    actor.send({ type: 'search.type', text: ' bleed p' });
    actor.send({ type: 'search.submit' });
    expect(sent).toEqual(['bleed', 'bleed p']);
  });
});
