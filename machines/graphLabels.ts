/** Events of a statechart as people read them: "done" and "error" of invoked actors, "after 900ms". */
export function eventLabel(text: string): string {
  if (text.startsWith('xstate.done.actor')) return 'done';
  if (text.startsWith('xstate.error.actor')) return 'error';
  const after = /^xstate\.after\.(\w+)\./.exec(text);
  if (after) return `after ${after[1]}`;
  return text || 'always';
}

/**
 * One transition of a machine, as the model tests record it and the inspector draws it: the ids of
 * its source and target state nodes and its event (`session.auth.checking --auth.ok--> ...`).
 */
export const transitionKey = (sourceId: string, eventType: string, targetId: string) =>
  `${sourceId} --${eventType}--> ${targetId}`;
