import { createMachine } from 'xstate';
import { createTestModel, type TestPath } from 'xstate/graph';

/**
 * The abstract model of the auth flows: the states a person can observe, and the stimuli that move
 * between them. It has no effects and no timers (createTestModel needs neither); the adapters turn
 * each stimulus into real cookies, storage, clock and API calls, and check each state for real.
 */
export const authModel = createMachine({
  id: 'auth-model',
  initial: 'notOpened',
  states: {
    /** The app is not open yet; the first event says in what situation it opens. */
    notOpened: {
      on: {
        'open.asVisitor': 'signedOut',
        'open.withFreshSignIn': 'signedIn',
        'open.afterSignOutElsewhere': 'signedOut',
        'open.withAgedTokenAndCookie': 'signedIn',
        'open.withAgedTokenAndRevokedCookie': 'signedOut',
        'open.hydrateLink': 'signedIn',
        'open.usedHydrateLink': 'signedOut',
      },
    },
    /** The header shows the account menu; the token is stored. */
    signedIn: {
      on: {
        'user.signsOut': 'signedOutAtLogin',
        'sso.cookieRemoved': 'signedOut',
        'clock.tokenAges': 'signedIn',
        'clock.tokenAgesAndCookieRevoked': 'signedOut',
        'api.answers401': 'signedOutAtLogin',
      },
    },
    /** The header shows "Sign in"; nothing is stored. */
    signedOut: {
      on: {
        'user.opensLogin': 'signedOutAtLogin',
        'sso.signedInElsewhere': 'signedIn',
      },
    },
    /** Signed out, on /login. */
    signedOutAtLogin: {
      on: {
        'user.signsIn': 'signedIn',
        'sso.signedInElsewhere': 'signedIn',
      },
    },
  },
});

export type AuthModelEvent = Parameters<typeof authModel.transition>[1];
// States are what a person observes, so two snapshots with the same value are the same state.
export const authTestModel = createTestModel(authModel, {
  serializeState: (snapshot) => String(snapshot.value),
});

const stateOf = (snapshot: { value: unknown }) => String(snapshot.value);

type ModelSnapshot = ReturnType<typeof authModel.getInitialSnapshot>;
type ModelPath = TestPath<ModelSnapshot, AuthModelEvent>;
interface Edge {
  event: AuthModelEvent;
  state: ModelSnapshot;
}

/** The model's adjacency map, typed: each state and the transitions out of it. */
function adjacency() {
  return Object.values(authTestModel.getAdjacencyMap()).map(({ state, transitions }) => ({
    state,
    edges: Object.values(transitions) as Edge[],
  }));
}

/** Every state and every transition (`state --event--> state`) of the model. */
export function modelGraph() {
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
 * One path per transition: the shortest way to its source state, then the transition. Together they
 * cover every state and every transition of the model.
 */
export function modelPaths(): ModelPath[] {
  const shortest = new Map(
    authTestModel.getShortestPaths({ allowDuplicatePaths: true }).map((p) => [stateOf(p.state), p]),
  );
  const paths: ModelPath[] = [];
  for (const { state, edges } of adjacency()) {
    const prefix = (shortest.get(stateOf(state))?.steps ?? [])
      .map((step) => step.event)
      .filter((e) => !e.type.startsWith('xstate.'));
    for (const { event } of edges) {
      const [path] = authTestModel.getPathsFromEvents([...prefix, event]);
      if (path) paths.push(path);
    }
  }
  return paths;
}

/** What a set of paths covers, as numbers and as the list of anything left out. */
export function coverage(paths: ModelPath[]) {
  const { states, transitions } = modelGraph();
  const seenStates = new Set<string>(['notOpened']);
  const seenTransitions = new Set<string>();
  for (const path of paths) {
    let previous = 'notOpened';
    for (const step of path.steps) {
      if (step.event.type.startsWith('xstate.')) continue;
      const next = stateOf(step.state);
      seenStates.add(next);
      seenTransitions.add(`${previous} --${step.event.type}--> ${next}`);
      previous = next;
    }
  }
  return {
    states: { covered: [...states].filter((s) => seenStates.has(s)).length, total: states.size },
    transitions: {
      covered: [...transitions].filter((t) => seenTransitions.has(t)).length,
      total: transitions.size,
    },
    missing: [
      ...[...states].filter((s) => !seenStates.has(s)),
      ...[...transitions].filter((t) => !seenTransitions.has(t)),
    ],
  };
}

export const describePath = (path: ModelPath) =>
  path.steps
    .map((step) => step.event.type)
    .filter((type) => !type.startsWith('xstate.'))
    .join(' → ');
