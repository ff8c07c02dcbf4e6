import { afterAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine, InspectionEvent } from 'xstate';
import { CoverageLog } from './coverageLog';
import { type ModelKit, type ModelParams, recordName } from './modelKit';

/** An adapter on the real machine: its checks and stimuli for the model. */
interface MachineWorld<TMachine extends AnyStateMachine> {
  params(): ModelParams<TMachine>;
}

interface DescribeModelOptions<TMachine extends AnyStateMachine> {
  /** The model's name in tests/model/models.ts: its records are `<name>-machine-<nn>.json`. */
  name: string;
  /** The title of the block that runs every path on the real machine. */
  title: string;
  /** The title of the check that the model has something to cover at all. */
  sizeTitle: string;
  /** A fresh world for one path, ready for the path's first check, with `inspect` on its real actors. */
  world: (
    inspect: (event: InspectionEvent) => void,
  ) => MachineWorld<TMachine> | Promise<MachineWorld<TMachine>>;
}

/**
 * Adapter (a) of a model (tests/model/models.ts): every generated path as a test on the real machine,
 * each in a fresh world, saving what it checked once the path passed; then that those records
 * together checked every state and every transition of the model.
 */
export function describeModel<TMachine extends AnyStateMachine>(
  kit: ModelKit<TMachine>,
  { name, title, sizeTitle, world }: DescribeModelOptions<TMachine>,
) {
  const ran: CoverageLog[] = [];

  describe(title, () => {
    kit.paths().forEach((path, index) => {
      it(kit.describePath(path), async () => {
        const log = new CoverageLog();
        const params = (await world(log.inspect)).params();
        await kit.testModel.testPath(path, log.wrap(params));
        log.save(recordName(name, 'machine', index));
        ran.push(log);
      });
    });

    afterAll(() => {
      // What the adapter actually checked, not what the model promised: every state and transition.
      const { states, transitions } = kit.graph();
      const seenStates = new Set(ran.flatMap((log) => log.covered().states));
      const seenTransitions = new Set(ran.flatMap((log) => log.covered().transitions));
      expect([...states].filter((s) => !seenStates.has(s))).toEqual([]);
      expect([...transitions].filter((t) => !seenTransitions.has(t))).toEqual([]);
    });
  });

  it(sizeTitle, () => {
    const { states, transitions } = kit.graph();
    expect(states.size).toBeGreaterThan(1);
    expect(transitions.size).toBeGreaterThan(states.size);
  });
}
