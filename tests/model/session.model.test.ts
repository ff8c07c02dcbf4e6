import { describe, it } from 'vitest';
import { authTestModel, coverage, describePath, modelPaths } from './authModel';
import { MachineWorld } from './machineWorld';

const paths = modelPaths();

describe('auth model, on the real session machine (fakes, simulated clock)', () => {
  it('has generated paths that cover every state and transition of the model', ({ expect }) => {
    const covered = coverage(paths);
    expect(covered.missing).toEqual([]);
    expect(covered.transitions.covered).toBe(covered.transitions.total);
  });

  for (const path of paths) {
    it(describePath(path), async () => {
      await authTestModel.testPath(path, new MachineWorld().params());
    });
  }
});
