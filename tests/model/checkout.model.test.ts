import { afterAll, describe, expect, it } from 'vitest';
import { checkout } from './checkoutModel';
import { CheckoutWorld } from './checkoutWorld';
import { CoverageLog } from './coverageLog';

const paths = checkout.paths();
const ran: CoverageLog[] = [];

describe('checkout model, on the real checkout machine (a fake session and API, simulated clock)', () => {
  paths.forEach((path, index) => {
    it(checkout.describePath(path), async () => {
      const log = new CoverageLog();
      const world = new CheckoutWorld(log.inspect);
      await world.open();
      await checkout.testModel.testPath(path, log.wrap(world.params()));
      log.save(`checkout-machine-${String(index).padStart(2, '0')}`);
      ran.push(log);
    });
  });

  afterAll(() => {
    // What the adapter actually checked, not what the model promised: every state and transition.
    const { states, transitions } = checkout.graph();
    const seenStates = new Set(ran.flatMap((log) => log.covered().states));
    const seenTransitions = new Set(ran.flatMap((log) => log.covered().transitions));
    expect([...states].filter((s) => !seenStates.has(s))).toEqual([]);
    expect([...transitions].filter((t) => !seenTransitions.has(t))).toEqual([]);
  });
});

it('the checkout model has states and transitions to cover', () => {
  const { states, transitions } = checkout.graph();
  expect(states.size).toBeGreaterThan(1);
  expect(transitions.size).toBeGreaterThan(states.size);
});
