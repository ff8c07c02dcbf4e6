import type { AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate';
import { createTestModel, type TestParam, type TestPath } from 'xstate/graph';

/**
 * What every abstract model of the app's flows shares (tests/model/*Model.ts): the test model made
 * with createTestModel (xstate/graph), its graph of states and transitions, one generated path per
 * transition, and how a path reads. A model has no effects and no timers; its adapters (the real
 * machine with fakes, the real app in Chromium) give each state and stimulus its meaning.
 */

/** A model state as a person observes it: its value (a nested value is written out as JSON). */
export const stateOf = (snapshot: { value: unknown }) =>
  typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);

/** The adapter's side of a model: checks per state, stimuli per event type. */
export type ModelParams<TMachine extends AnyStateMachine> = TestParam<
  SnapshotFrom<TMachine>,
  EventFromLogic<TMachine>
>;

export type ModelPath<TMachine extends AnyStateMachine> = TestPath<
  SnapshotFrom<TMachine>,
  EventFromLogic<TMachine>
>;

export function modelKit<TMachine extends AnyStateMachine>(model: TMachine) {
  // States are what a person observes, so two snapshots with the same value are the same state.
  const testModel = createTestModel(model, { serializeState: (snapshot) => stateOf(snapshot) });
  type Path = ModelPath<TMachine>;
  interface Edge {
    event: EventFromLogic<TMachine>;
    state: SnapshotFrom<TMachine>;
  }

  const adjacency = () =>
    Object.values(testModel.getAdjacencyMap()).map(({ state, transitions }) => ({
      state: state as SnapshotFrom<TMachine>,
      edges: Object.values(transitions) as Edge[],
    }));

  /** Every state and every transition (`state --event--> state`) of the model. */
  function graph() {
    const states = new Set<string>();
    const transitions = new Set<string>();
    for (const { state, edges } of adjacency()) {
      states.add(stateOf(state));
      for (const { event, state: next } of edges) {
        transitions.add(`${stateOf(state)} --${event.type}--> ${stateOf(next)}`);
      }
    }
    return { states, transitions };
  }

  /**
   * One path per transition: the shortest way to its source state, then the transition. Together
   * they cover every state and every transition of the model.
   */
  function paths(): Path[] {
    const shortest = new Map(
      testModel.getShortestPaths({ allowDuplicatePaths: true }).map((p) => [stateOf(p.state), p]),
    );
    const generated: Path[] = [];
    for (const { state, edges } of adjacency()) {
      const prefix = (shortest.get(stateOf(state))?.steps ?? [])
        .map((step) => step.event)
        .filter((event) => !event.type.startsWith('xstate.'));
      for (const { event } of edges) {
        const [path] = testModel.getPathsFromEvents([...prefix, event] as EventFromLogic<TMachine>[]);
        if (path) generated.push(path as Path);
      }
    }
    return generated;
  }

  /** A path as a line: its stimuli, in order. */
  const describePath = (path: Path) =>
    path.steps
      .map((step) => step.event.type)
      .filter((type) => !type.startsWith('xstate.'))
      .join(' → ');

  return { model, testModel, graph, paths, describePath };
}

export type ModelKit<TMachine extends AnyStateMachine = AnyStateMachine> = ReturnType<
  typeof modelKit<TMachine>
>;

/**
 * The name an adapter's run of one path saves its coverage record under (CoverageLog.save):
 * `<model>-<adapter>-<nn>`, e.g. `cart-machine-03`, `auth-browser-00`. `npm run test:model` counts a
 * model's records by the prefix `<model>-<adapter>-` (the model's name in tests/model/models.ts).
 */
export const recordName = (model: string, adapter: 'machine' | 'browser', index: number) =>
  `${model}-${adapter}-${String(index).padStart(2, '0')}`;
