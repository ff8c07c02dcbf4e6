import { afterAll, describe, expect, it } from 'vitest';
import { CoverageLog } from './coverageLog';
import { search } from './searchModel';
import { SearchWorld } from './searchWorld';

const paths = search.paths();
const ran: CoverageLog[] = [];

describe('search model, on the real search drawer machine (fake search service, simulated clock)', () => {
  paths.forEach((path, index) => {
    it(search.describePath(path), async () => {
      const log = new CoverageLog();
      await search.testModel.testPath(path, log.wrap(new SearchWorld(log.inspect).params()));
      log.save(`search-machine-${String(index).padStart(2, '0')}`);
      ran.push(log);
    });
  });

  afterAll(() => {
    // What the adapter actually checked, not what the model promised: every state and transition.
    const { states, transitions } = search.graph();
    const seenStates = new Set(ran.flatMap((log) => log.covered().states));
    const seenTransitions = new Set(ran.flatMap((log) => log.covered().transitions));
    expect([...states].filter((s) => !seenStates.has(s))).toEqual([]);
    expect([...transitions].filter((t) => !seenTransitions.has(t))).toEqual([]);
  });
});

it('the search model has states and transitions to cover', () => {
  const { states, transitions } = search.graph();
  expect(states.size).toBeGreaterThan(1);
  expect(transitions.size).toBeGreaterThan(states.size);
});
