import { afterAll, describe, expect, it } from 'vitest';
import { CoverageLog } from './coverageLog';
import { orders } from './ordersModel';
import { OrdersWorld } from './ordersWorld';

const paths = orders.paths();
const ran: CoverageLog[] = [];

describe('orders model, on the real orders-list and order-page machines (fake API, simulated clock)', () => {
  paths.forEach((path, index) => {
    it(orders.describePath(path), async () => {
      const log = new CoverageLog();
      await orders.testModel.testPath(path, log.wrap(new OrdersWorld(log.inspect).params()));
      log.save(`orders-machine-${String(index).padStart(2, '0')}`);
      ran.push(log);
    });
  });

  afterAll(() => {
    // What the adapter actually checked, not what the model promised: every state and transition.
    const { states, transitions } = orders.graph();
    const seenStates = new Set(ran.flatMap((log) => log.covered().states));
    const seenTransitions = new Set(ran.flatMap((log) => log.covered().transitions));
    expect([...states].filter((s) => !seenStates.has(s))).toEqual([]);
    expect([...transitions].filter((t) => !seenTransitions.has(t))).toEqual([]);
  });
});

it('the orders model has states and transitions to cover', () => {
  const { states, transitions } = orders.graph();
  expect(states.size).toBeGreaterThan(1);
  expect(transitions.size).toBeGreaterThan(states.size);
});
