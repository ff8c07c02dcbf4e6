/** Events of a statechart as people read them: "done" and "error" of invoked actors, "after 900ms". */
export function eventLabel(text: string): string {
  if (text.startsWith('xstate.done.actor')) return 'done';
  if (text.startsWith('xstate.error.actor')) return 'error';
  const after = /^xstate\.after\.(\w+)\./.exec(text);
  if (after) return `after ${after[1]}`;
  return text || 'always';
}
