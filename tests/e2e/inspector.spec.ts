import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { startOwnServer } from './ownServer';
import { PASSWORD, uniqueEmail } from './support';

// A build made with VITE_INSPECTOR=true, served by a server of this file's own.
let server: Awaited<ReturnType<typeof startOwnServer>>;
let outDir = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  outDir = mkdtempSync(path.join(os.tmpdir(), 'adlane-inspector-'));
  const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    env: { ...process.env, VITE_INSPECTOR: 'true' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`The flagged build failed:\n${build.stderr}`);
  server = await startOwnServer({ STATIC_DIR: outDir });
});
test.afterAll(async () => {
  await server?.close();
  rmSync(outDir, { recursive: true, force: true });
});

test('the inspector lists the live actors and follows the session as someone signs in in another tab', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('inspect');
  const register = await page.request.post(`${server.baseURL}/api/v1/register`, {
    data: { email, password: PASSWORD, firstname: 'Ines', lastname: 'Pector', company: 'Charts Ltd' },
  });
  expect(register.status()).toBe(200);

  await page.goto(`${server.baseURL}/dev/inspector`);
  await expect(page.getByRole('heading', { level: 1, name: 'Machine inspector' })).toBeVisible();
  const actors = page.getByRole('list', { name: 'Live actors' });
  for (const name of ['session', 'cart', 'toasts', 'search', 'chat', 'scriptLoader'])
    await expect(actors.getByRole('button', { name: new RegExp(`^${name}\\b`) })).toBeVisible();
  const sessionState = page.getByTestId('state-session');
  await expect(sessionState).toContainText('"unauthenticated"');
  // The session's statechart, drawn from the machine, with its active states marked.
  const chart = page.getByRole('img', { name: 'Statechart of session' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('[data-state="session.auth.decided.unauthenticated"][data-active]')).toHaveCount(
    1,
  );

  // Another tab of the app signs in; this one hears it (storage event) and the inspector shows it.
  const other = await context.newPage();
  await other.goto(`${server.baseURL}/login`);
  await other.getByLabel('E-mail').fill(email);
  await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other).toHaveURL(/\/dashboard$/);

  await expect(sessionState).toContainText('"authenticated"', { timeout: 15_000 });
  await expect(chart.locator('[data-state="session.auth.decided.authenticated"][data-active]')).toHaveCount(
    1,
  );
  await expect(page.getByRole('list', { name: 'Events' })).toContainText('session ← auth.recheck');
});
