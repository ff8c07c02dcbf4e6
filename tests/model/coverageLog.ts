import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestParam } from 'xstate/graph';
import type { authTestModel } from './authModel';

type Params = TestParam<
  ReturnType<typeof authTestModel.testLogic.getInitialSnapshot>,
  Parameters<typeof authTestModel.testLogic.transition>[1]
>;

/** Where the adapters write what they ran, for `npm run test:model` to report. */
export const COVERAGE_DIR = path.resolve('reports/model-coverage');

/**
 * Records what an adapter really did: each state it checked and each stimulus it carried out, in
 * order. Coverage is counted from these records, not from the generated paths, so an adapter that
 * skipped a step cannot report it as covered.
 */
export class CoverageLog {
  private readonly steps: string[] = [];

  wrap(params: Params): Params {
    const states = Object.fromEntries(
      Object.entries(params.states ?? {}).map(([name, check]) => [
        name,
        async (snapshot: Parameters<typeof check>[0]) => {
          await check(snapshot);
          this.steps.push(`state:${name}`);
        },
      ]),
    );
    const events = Object.fromEntries(
      Object.entries(params.events ?? {}).map(([type, run]) => [
        type,
        async (step: never) => {
          await (run as (step: never) => unknown)(step);
          this.steps.push(`event:${type}`);
        },
      ]),
    );
    return { states, events } as Params;
  }

  /** The checked states, and the transitions made of a checked state, a stimulus and the next checked state. */
  covered(): { states: string[]; transitions: string[] } {
    const states = this.steps.filter((s) => s.startsWith('state:')).map((s) => s.slice(6));
    const transitions: string[] = [];
    for (let i = 0; i + 2 < this.steps.length; i++) {
      const [from, event, to] = [this.steps[i], this.steps[i + 1], this.steps[i + 2]];
      if (from?.startsWith('state:') && event?.startsWith('event:') && to?.startsWith('state:')) {
        transitions.push(`${from.slice(6)} --${event.slice(6)}--> ${to.slice(6)}`);
      }
    }
    return { states, transitions };
  }

  save(name: string) {
    mkdirSync(COVERAGE_DIR, { recursive: true });
    writeFileSync(path.join(COVERAGE_DIR, `${name}.json`), JSON.stringify(this.covered()));
  }
}

/** Everything the records in COVERAGE_DIR whose names start with `prefix` covered. */
export function readCoverage(prefix: string) {
  const states = new Set<string>();
  const transitions = new Set<string>();
  let paths = 0;
  for (const file of readdirSync(COVERAGE_DIR).filter((f) => f.startsWith(prefix))) {
    const record = JSON.parse(readFileSync(path.join(COVERAGE_DIR, file), 'utf8')) as ReturnType<
      CoverageLog['covered']
    >;
    paths += 1;
    for (const state of record.states) states.add(state);
    for (const transition of record.transitions) transitions.add(transition);
  }
  return { paths, states, transitions };
}
