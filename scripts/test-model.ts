/**
 * `npm run test:model`: the model-based tests of the auth flows. Prints the paths generated from the
 * abstract model (tests/model/authModel.ts), runs every path against the real session machine
 * (Vitest) and in Chromium against the running app (Playwright), then prints what each of them
 * actually checked: states and transitions, counted from the adapters' own records.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { describePath, modelGraph, modelPaths } from '../tests/model/authModel';
import { COVERAGE_DIR, readCoverage } from '../tests/model/coverageLog';

const paths = modelPaths();
const { states, transitions } = modelGraph();
console.log(
  `Auth model: ${states.size} states, ${transitions.size} transitions; ${paths.length} paths generated with createTestModel (xstate/graph).`,
);
for (const [index, path] of paths.entries()) {
  console.log(`  ${String(index + 1).padStart(2)}. ${describePath(path)}  ⇒  ${String(path.state.value)}`);
}

const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;

function report(label: string, prefix: string): boolean {
  const covered = readCoverage(prefix);
  const missingStates = [...states].filter((s) => !covered.states.has(s));
  const missingTransitions = [...transitions].filter((t) => !covered.transitions.has(t));
  console.log(
    `${label}: ${covered.paths} paths ran; states ${states.size - missingStates.length}/${states.size}, ` +
      `transitions ${transitions.size - missingTransitions.length}/${transitions.size}` +
      (missingStates.length + missingTransitions.length
        ? `; not checked: ${[...missingStates, ...missingTransitions].join(', ')}`
        : ' (all of them)'),
  );
  return covered.paths === paths.length && missingStates.length + missingTransitions.length === 0;
}

rmSync(COVERAGE_DIR, { recursive: true, force: true });
console.log('\n(a) Against the session machine, with fakes and a simulated clock:');
const machineRan = run('npx', ['vitest', 'run', 'tests/model']) === 0;

if (!existsSync('dist/index.html')) {
  console.log('\nNo build yet: building the app for the browser run.');
  if (run('npm', ['run', 'build']) !== 0) process.exit(1);
}
console.log("\n(b) In Chromium against the running app, with real cookies, storage and Playwright's clock:");
const browserRan = run('npx', ['playwright', 'test', 'tests/e2e/auth.model.spec.ts']) === 0;

console.log('\nWhat the adapters checked:');
const machineOk = report('  (a) session machine', 'machine-') && machineRan;
const browserOk = report('  (b) Chromium', 'browser-') && browserRan;
process.exit(machineOk && browserOk ? 0 : 1);
