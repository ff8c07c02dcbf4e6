/**
 * `npm run test:model`: the model-based tests of the auth flows. Prints the paths generated from the
 * abstract model (tests/model/authModel.ts) and what they cover, then runs every path against the
 * real session machine (Vitest) and in Chromium against the running app (Playwright).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { coverage, describePath, modelPaths } from '../tests/model/authModel';

const paths = modelPaths();
const covered = coverage(paths);
console.log(`Auth model: ${paths.length} paths generated with createTestModel (xstate/graph).`);
for (const [index, path] of paths.entries()) {
  console.log(`  ${String(index + 1).padStart(2)}. ${describePath(path)}  ⇒  ${String(path.state.value)}`);
}
console.log(
  `Coverage: states ${covered.states.covered}/${covered.states.total}, transitions ${covered.transitions.covered}/${covered.transitions.total}` +
    (covered.missing.length ? `; missing: ${covered.missing.join(', ')}` : ' (all of them)'),
);
if (covered.missing.length) process.exit(1);

const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;

console.log(`\n(a) ${paths.length} paths against the session machine, with fakes and a simulated clock:`);
if (run('npx', ['vitest', 'run', 'tests/model']) !== 0) process.exit(1);

if (!existsSync('dist/index.html')) {
  console.log('\nNo build yet: building the app for the browser run.');
  if (run('npm', ['run', 'build']) !== 0) process.exit(1);
}
console.log(
  `\n(b) ${paths.length} paths in Chromium against the running app, with real cookies, storage and Playwright's clock:`,
);
if (run('npx', ['playwright', 'test', 'tests/e2e/auth.model.spec.ts']) !== 0) process.exit(1);
console.log(
  `\nAll ${paths.length} paths ran on both; ${covered.states.total} states and ${covered.transitions.total} transitions covered.`,
);
