import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import {
  type ScriptActor,
  type ScriptEvent,
  scriptLoaderMachine,
  scriptMachine,
} from '../../machines/scriptLoader/scriptLoader.machine';

/** A fake page: records each <script> injected, and lets the test make it load or fail. */
function start() {
  const injected: string[] = [];
  const removed: string[] = [];
  const reporters = new Map<string, (event: ScriptEvent) => void>();
  const clock = new SimulatedClock();
  const machine = scriptLoaderMachine.provide({
    actors: {
      script: scriptMachine.provide({
        actors: {
          inject: fromCallback<ScriptEvent, { src: string }>(({ input, sendBack }) => {
            injected.push(input.src);
            reporters.set(input.src, sendBack);
            return () => removed.push(input.src);
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, { clock });
  actor.start();
  const script = (src: string) => actor.getSnapshot().children[src] as ScriptActor | undefined;
  const state = (src: string) => script(src)?.getSnapshot().value ?? 'notLoaded';
  const report = (src: string, event: ScriptEvent) => reporters.get(src)?.(event);
  return { actor, clock, injected, removed, state, script, report };
}

const TAG = 'https://www.googletagmanager.com/gtag/js?id=G-TEST';
const CHAT = '/chat/widget.js';

describe('script loader (SPEC section 4: not loaded, loaded or failed)', () => {
  it('loads a script once however many parts of the app ask for it', () => {
    const { actor, injected, state, report } = start();
    expect(state(TAG)).toBe('notLoaded');
    actor.send({ type: 'scripts.require', src: TAG });
    actor.send({ type: 'scripts.require', src: TAG });
    expect(state(TAG)).toBe('loading');
    report(TAG, { type: 'script.injected' });
    actor.send({ type: 'scripts.require', src: TAG });
    expect(state(TAG)).toBe('loaded');
    expect(injected).toEqual([TAG]);
  });

  it('keeps scripts apart: one failing leaves the others alone', () => {
    const { actor, state, report, script } = start();
    actor.send({ type: 'scripts.require', src: TAG });
    actor.send({ type: 'scripts.require', src: CHAT });
    report(TAG, { type: 'script.errored', reason: 'The script could not be loaded.' });
    report(CHAT, { type: 'script.injected' });
    expect(state(TAG)).toBe('failed');
    expect(script(TAG)?.getSnapshot().context.error).toBe('The script could not be loaded.');
    expect(state(CHAT)).toBe('loaded');
  });

  it('fails a script that does not load within the time-out, removes it, and tries again when asked', () => {
    const { actor, clock, injected, removed, state, report } = start();
    actor.send({ type: 'scripts.require', src: CHAT });
    clock.increment(14_999);
    expect(state(CHAT)).toBe('loading');
    clock.increment(1);
    expect(state(CHAT)).toBe('failed');
    expect(removed).toEqual([CHAT]);
    actor.send({ type: 'scripts.require', src: CHAT });
    expect(state(CHAT)).toBe('loading');
    report(CHAT, { type: 'script.injected' });
    expect(state(CHAT)).toBe('loaded');
    expect(injected).toEqual([CHAT, CHAT]);
  });
});
