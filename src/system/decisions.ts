export type Decision = 'authenticated' | 'unauthenticated';
export type DecisionListener = (decision: Decision, previous: Decision | null) => void;

/**
 * The guard's callbacks (SPEC section 4): listeners hear each decision once, not again on every
 * recheck, with the decision before it (null for the first).
 */
export function createDecisions() {
  const listeners = new Set<DecisionListener>();
  let last: Decision | null = null;
  return {
    decide(decision: Decision) {
      if (decision === last) return;
      const previous = last;
      last = decision;
      for (const listener of listeners) listener(decision, previous);
    },
    listen(listener: DecisionListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Decisions = ReturnType<typeof createDecisions>;
