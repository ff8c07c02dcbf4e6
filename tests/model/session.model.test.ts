import { afterAll, describe, expect, it } from 'vitest';
import { authTestModel, describePath, modelGraph, modelPaths } from './authModel';
import { CoverageLog } from './coverageLog';
import { MachineWorld } from './machineWorld';

const paths = modelPaths();
const ran: CoverageLog[] = [];

describe('auth model, on the real session machine (fakes, simulated clock)', () => {
  paths.forEach((path, index) => {
    it(describePath(path), async () => {
      const log = new CoverageLog();
      await authTestModel.testPath(path, log.wrap(new MachineWorld(log.inspect).params()));
      log.save(`auth-machine-${String(index).padStart(2, '0')}`);
      ran.push(log);
    });
  });

  afterAll(() => {
    // What the adapter actually checked, not what the model promised: every state and transition.
    const { states, transitions } = modelGraph();
    const seenStates = new Set(ran.flatMap((log) => log.covered().states));
    const seenTransitions = new Set(ran.flatMap((log) => log.covered().transitions));
    expect([...states].filter((s) => !seenStates.has(s))).toEqual([]);
    expect([...transitions].filter((t) => !seenTransitions.has(t))).toEqual([]);
  });
});

it('the model has states and transitions to cover', () => {
  const { states, transitions } = modelGraph();
  expect(states.size).toBeGreaterThan(1);
  expect(transitions.size).toBeGreaterThan(states.size);
});
