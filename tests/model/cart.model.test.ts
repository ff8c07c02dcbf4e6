import { afterAll, describe, expect, it } from 'vitest';
import { cart } from './cartModel';
import { CartWorld } from './cartWorld';
import { CoverageLog } from './coverageLog';

const paths = cart.paths();
const ran: CoverageLog[] = [];

describe('cart model, on the real cart machine (a fake cart API, simulated clock)', () => {
  paths.forEach((path, index) => {
    it(cart.describePath(path), async () => {
      const log = new CoverageLog();
      const world = new CartWorld(log.inspect);
      await world.open();
      await cart.testModel.testPath(path, log.wrap(world.params()));
      log.save(`cart-machine-${String(index).padStart(2, '0')}`);
      ran.push(log);
    });
  });

  afterAll(() => {
    // What the adapter actually checked, not what the model promised: every state and transition.
    const { states, transitions } = cart.graph();
    const seenStates = new Set(ran.flatMap((log) => log.covered().states));
    const seenTransitions = new Set(ran.flatMap((log) => log.covered().transitions));
    expect([...states].filter((s) => !seenStates.has(s))).toEqual([]);
    expect([...transitions].filter((t) => !seenTransitions.has(t))).toEqual([]);
  });
});

it('the cart model has states and transitions to cover', () => {
  const { states, transitions } = cart.graph();
  expect(states.size).toBeGreaterThan(1);
  expect(transitions.size).toBeGreaterThan(states.size);
});
