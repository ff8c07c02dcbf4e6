import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { selectTyped, typedSearchMachine } from '../../machines/admin/typedSearch.machine';

function box(text = '') {
  const clock = new SimulatedClock();
  const sent: string[] = [];
  const actor = createActor(
    typedSearchMachine.provide({ actions: { sendToAddress: (_, { text }) => sent.push(text) } }),
    { input: { text }, clock },
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
});
