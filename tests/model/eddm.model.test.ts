import { afterAll, describe, expect, it } from 'vitest';
import { CoverageLog } from './coverageLog';
import { eddm } from './eddmModel';
import { EddmWorld } from './eddmWorld';

const paths = eddm.paths();
const ran: CoverageLog[] = [];

describe('every-door model, on the real every-door machine (fake server, simulated clock)', () => {
  paths.forEach((path, index) => {
    it(eddm.describePath(path), async () => {
      const log = new CoverageLog();
      await eddm.testModel.testPath(path, log.wrap(new EddmWorld(log.inspect).params()));
      log.save(`eddm-machine-${String(index).padStart(2, '0')}`);
      ran.push(log);
    });
  });

  afterAll(() => {
    // What the adapter actually checked, not what the model promised: every state and transition.
    const { states, transitions } = eddm.graph();
    const seenStates = new Set(ran.flatMap((log) => log.covered().states));
    const seenTransitions = new Set(ran.flatMap((log) => log.covered().transitions));
    expect([...states].filter((s) => !seenStates.has(s))).toEqual([]);
    expect([...transitions].filter((t) => !seenTransitions.has(t))).toEqual([]);
  });
});

it('the every-door model has states and transitions to cover', () => {
  const { states, transitions } = eddm.graph();
  expect(states.size).toBeGreaterThan(1);
  expect(transitions.size).toBeGreaterThan(states.size);
});
