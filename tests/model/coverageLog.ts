import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine, InspectionEvent } from 'xstate';
import { transitionKey } from '../../machines/graphLabels';

/** Where the adapters write what they ran, for `npm run test:model` to report. */
export const COVERAGE_DIR = path.resolve('reports/model-coverage');
/** What `npm run test:model` leaves for the inspector: each real machine's exercised transitions. */
export const MACHINE_COVERAGE_FILE = path.join(COVERAGE_DIR, 'machines.json');

/** An adapter's checks and stimuli, keyed by model state and event type. */
interface Adapter {
  states?: Record<string, (snapshot: never) => unknown>;
  events?: Record<string, (step: never) => unknown>;
}

/** What one adapter run left on disk. */
export interface CoverageRecord {
  states: string[];
  transitions: string[];
  /** The real machines' transitions the run took, by machine id (`source --event--> target`). */
  machines: Record<string, string[]>;
}

/**
 * Records what an adapter really did: each state it checked and each stimulus it carried out, in
 * order. Coverage is counted from these records, not from the generated paths, so an adapter that
 * skipped a step cannot report it as covered. With `inspect` on the real actors it drives, it also
 * records which of the real machines' transitions ran (for the inspector's coverage view).
 */
export class CoverageLog {
  private readonly steps: string[] = [];
  private readonly taken = new Map<string, Set<string>>();

  wrap<P>(params: P): P {
    // TestParam's executors are typed per model; here only their names and calls matter.
    const adapter = params as unknown as Adapter;
    const states = Object.fromEntries(
      Object.entries(adapter.states ?? {}).map(([name, check]) => [
        name,
        async (snapshot: never) => {
          await check(snapshot);
          this.steps.push(`state:${name}`);
        },
      ]),
    );
    const events = Object.fromEntries(
      Object.entries(adapter.events ?? {}).map(([type, run]) => [
        type,
        async (step: never) => {
          await run(step);
          this.steps.push(`event:${type}`);
        },
      ]),
    );
    return { ...adapter, states, events } as unknown as P;
  }

  /** XState's `inspect` option for the real actors an adapter drives. */
  readonly inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    const logic = (event.actorRef as { logic?: unknown }).logic as AnyStateMachine | undefined;
    if (!logic || typeof logic.id !== 'string' || !('root' in logic)) return;
    const keys = this.taken.get(logic.id) ?? new Set<string>();
    for (const transition of event._transitions) {
      for (const target of transition.target ?? [transition.source]) {
        keys.add(transitionKey(transition.source.id, transition.eventType, target.id));
      }
    }
    this.taken.set(logic.id, keys);
  };

  /** The checked states, and the transitions made of a checked state, a stimulus and the next checked state. */
  covered(): CoverageRecord {
    const states = this.steps.filter((s) => s.startsWith('state:')).map((s) => s.slice(6));
    const transitions: string[] = [];
    for (let i = 0; i + 2 < this.steps.length; i++) {
      const [from, event, to] = [this.steps[i], this.steps[i + 1], this.steps[i + 2]];
      if (from?.startsWith('state:') && event?.startsWith('event:') && to?.startsWith('state:')) {
        transitions.push(`${from.slice(6)} --${event.slice(6)}--> ${to.slice(6)}`);
      }
    }
    const machines = Object.fromEntries([...this.taken].map(([id, keys]) => [id, [...keys].sort()]));
    return { states, transitions, machines };
  }

  /** Saved as `<model>-<adapter>-<nn>.json`: `auth-machine-03.json`, `cart-browser-00.json`. */
  save(name: string) {
    mkdirSync(COVERAGE_DIR, { recursive: true });
    writeFileSync(path.join(COVERAGE_DIR, `${name}.json`), JSON.stringify(this.covered()));
  }
}

/** Everything the records in COVERAGE_DIR whose names start with `prefix` covered. */
export function readCoverage(prefix: string) {
  const states = new Set<string>();
  const transitions = new Set<string>();
  const machines = new Map<string, Set<string>>();
  let paths = 0;
  let files: string[] = [];
  try {
    files = readdirSync(COVERAGE_DIR).filter(
      (f) => f.startsWith(prefix) && f.endsWith('.json') && f !== path.basename(MACHINE_COVERAGE_FILE),
    );
  } catch {
    // No records yet: nothing covered.
  }
  for (const file of files) {
    const record = JSON.parse(readFileSync(path.join(COVERAGE_DIR, file), 'utf8')) as CoverageRecord;
    paths += 1;
    for (const state of record.states) states.add(state);
    for (const transition of record.transitions) transitions.add(transition);
    for (const [id, keys] of Object.entries(record.machines ?? {})) {
      const set = machines.get(id) ?? new Set<string>();
      for (const key of keys) set.add(key);
      machines.set(id, set);
    }
  }
  return { paths, states, transitions, machines };
}
