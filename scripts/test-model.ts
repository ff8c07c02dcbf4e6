/**
 * `npm run test:model`: the model-based tests of the app's flows (tests/model/models.ts lists them).
 * Prints the paths generated from each abstract model, runs every path against the real machine
 * (Vitest, fakes and a simulated clock) and, for the flows a person drives in the browser, in
 * Chromium against the built app (Playwright); then prints per model what the adapters actually
 * checked (states and transitions, counted from their own records), and leaves for the inspector
 * which transitions of the real machines the runs took (reports/model-coverage/machines.json).
 *
 * `--only cart,auth` runs those models alone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { COVERAGE_DIR, MACHINE_COVERAGE_FILE, readCoverage } from '../tests/model/coverageLog';
import { MODELS } from '../tests/model/models';

const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? new Set((process.argv[onlyIndex + 1] ?? '').split(',')) : null;
const unknown = [...(only ?? [])].filter((name) => !MODELS.some((m) => m.name === name));
if (unknown.length)
  throw new Error(
    `No model named ${unknown.join(', ')}; the models are ${MODELS.map((m) => m.name).join(', ')}.`,
  );
const models = MODELS.filter((m) => !only || only.has(m.name));

for (const model of models) {
  const { states, transitions } = model.graph();
  const lines = model.lines();
  console.log(
    `\n${model.title}: ${states.size} states, ${transitions.size} transitions; ${lines.length} paths generated with createTestModel (xstate/graph).`,
  );
  for (const [index, line] of lines.entries()) console.log(`  ${String(index + 1).padStart(2)}. ${line}`);
}

const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;

rmSync(COVERAGE_DIR, { recursive: true, force: true });
console.log('\n(a) Against the real machines, with fakes and a simulated clock:');
const machinesRan = run('npx', ['vitest', 'run', ...models.map((m) => m.machineTest)]) === 0;

const specs = models.flatMap((m) => (m.browserSpec ? [m.browserSpec] : []));
let browserRan = true;
if (specs.length) {
  if (!existsSync('dist/index.html')) {
    console.log('\nNo build yet: building the app for the browser run.');
    if (run('npm', ['run', 'build']) !== 0) process.exit(1);
  }
  console.log("\n(b) In Chromium against the built app, with real cookies, storage and Playwright's clock:");
  browserRan = run('npx', ['playwright', 'test', ...specs]) === 0;
}

/** One adapter's report line; true when it ran every path and checked every state and transition. */
function report(
  label: string,
  prefix: string,
  paths: number,
  graph: ReturnType<(typeof MODELS)[number]['graph']>,
) {
  const covered = readCoverage(prefix);
  const missingStates = [...graph.states].filter((s) => !covered.states.has(s));
  const missingTransitions = [...graph.transitions].filter((t) => !covered.transitions.has(t));
  console.log(
    `  ${label.padEnd(34)} ${String(covered.paths).padStart(3)}/${paths} paths   states ${graph.states.size - missingStates.length}/${graph.states.size}   transitions ${graph.transitions.size - missingTransitions.length}/${graph.transitions.size}` +
      (missingStates.length + missingTransitions.length
        ? `\n      not checked: ${[...missingStates, ...missingTransitions].join('; ')}`
        : ''),
  );
  return covered.paths === paths && missingStates.length + missingTransitions.length === 0;
}

console.log('\nWhat the adapters checked (from their own records):');
let allCovered = true;
for (const model of models) {
  const graph = model.graph();
  const paths = model.lines().length;
  allCovered = report(`${model.name}, real machine`, `${model.name}-machine-`, paths, graph) && allCovered;
  if (model.browserSpec)
    allCovered = report(`${model.name}, Chromium`, `${model.name}-browser-`, paths, graph) && allCovered;
}

// For the inspector: every real machine transition any run took, by machine id.
const taken = readCoverage('').machines;
mkdirSync(COVERAGE_DIR, { recursive: true });
writeFileSync(
  MACHINE_COVERAGE_FILE,
  JSON.stringify(
    {
      ranAt: new Date().toISOString(),
      models: models.map((m) => m.name),
      machines: Object.fromEntries([...taken].map(([id, keys]) => [id, [...keys].sort()])),
    },
    null,
    2,
  ),
);
console.log(
  `\nThe real machines' transitions these runs took: ${MACHINE_COVERAGE_FILE} (the inspector shows them).`,
);
process.exit(machinesRan && browserRan && allCovered ? 0 : 1);
