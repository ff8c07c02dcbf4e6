import type { AnyStateMachine } from 'xstate';
import { eventLabel } from '../../../machines/graphLabels';
import { activeIds, transitionsOf } from './layoutChart';

/** An action as a person reads it: its name (`storeSignIn`), or what kind of inline action it is. */
export function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    // XState's built-in actions (assign, raise, sendTo...) are functions with a `type`.
    const builtIn = (action as { type?: unknown }).type;
    if (typeof builtIn === 'string') return builtIn.replace(/^xstate\./, '');
    return action.name && action.name !== 'anonymous' ? action.name : 'inline action';
  }
  if (action && typeof action === 'object' && 'type' in action)
    return String((action as { type: unknown }).type);
  return 'action';
}

export interface StateFacts {
  id: string;
  entry: string[];
  exit: string[];
  /** The transitions leaving it: the event as people read it, and where each goes. */
  transitions: Array<{ event: string; targets: string[] }>;
}

/** A state node's entry and exit actions and its outgoing transitions; null for an unknown id. */
export function stateFacts(machine: AnyStateMachine, id: string): StateFacts | null {
  let node: ReturnType<AnyStateMachine['getStateNodeById']>;
  try {
    node = machine.getStateNodeById(id);
  } catch {
    return null;
  }
  // Grouped by transition: one with several targets is one line.
  const byTransition = new Map<number, { event: string; targets: string[] }>();
  for (const t of transitionsOf(node)) {
    const line = byTransition.get(t.transitionIndex) ?? { event: eventLabel(t.eventType), targets: [] };
    if (t.targetId !== id || t.eventType === '') line.targets.push(t.targetId);
    byTransition.set(t.transitionIndex, line);
  }
  const transitions = [...byTransition.values()];
  return {
    id,
    entry: node.entry.map(actionName),
    exit: node.exit.map(actionName),
    transitions,
  };
}

/**
 * The events the active states take, from the machine's definition: what can be sent to the actor
 * now. XState's own events (done, error, after) are left out: nobody sends those by hand.
 */
export function acceptedEvents(machine: AnyStateMachine, value: unknown): string[] {
  const events = new Set<string>();
  for (const id of activeIds(machine.id, value)) {
    try {
      for (const type of machine.getStateNodeById(id).ownEvents)
        if (!type.startsWith('xstate.')) events.add(type);
    } catch {
      // An id the value names but the machine does not have: nothing to offer from it.
    }
  }
  return [...events].sort();
}
