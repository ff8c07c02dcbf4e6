import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  // A model test run's record, as `npm run test:model` leaves it: one transition of the search
  // drawer taken, the others not.
  const coverage = path.join(outDir, 'model-coverage.json');
  writeFileSync(
    coverage,
    JSON.stringify({
      ranAt: '2026-11-26T10:00:00.000Z',
      models: ['search'],
      machines: { searchDrawer: ['searchDrawer.drawer.closed --search.open--> searchDrawer.drawer.open'] },
    }),
  );
  server = await startOwnServer({ STATIC_DIR: outDir, MODEL_COVERAGE_FILE: coverage });
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
  await expect(
    page
      .getByRole('list', { name: 'Events' })
      .getByRole('button', { name: /→ session: auth\.recheck$/ })
      .first(),
  ).toBeVisible();
});

/** The chart's zoom and pan, as the view applies them. */
async function viewOf(page: import('@playwright/test').Page) {
  const view = page.getByTestId('chart-view');
  return {
    zoom: Number(await view.getAttribute('data-zoom')),
    pan: (await view.getAttribute('data-pan')) ?? '',
  };
}

test('the inspector’s chart pans, zooms and fits; events can be read and sent; coverage is drawn', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${server.baseURL}/dev/inspector`);
  await page
    .getByRole('list', { name: 'Live actors' })
    .getByRole('button', { name: /^search\b/ })
    .click();
  const panel = page.getByRole('application', { name: /^Chart of searchDrawer/ });
  await expect(page.getByRole('img', { name: 'Statechart of searchDrawer' })).toBeVisible();
  await expect(panel.locator('[data-state="searchDrawer.drawer.closed"][data-active]')).toHaveCount(1);
  const fitted = await viewOf(page);

  // Zoom: buttons, the wheel, the keyboard; pan: a drag and the arrow keys; Fit comes back.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await viewOf(page)).zoom).toBeGreaterThan(fitted.zoom);
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect.poll(async () => (await viewOf(page)).zoom).toBeLessThan(fitted.zoom);
  const box = await panel.boundingBox();
  if (!box) throw new Error('The chart panel has no box.');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const beforeWheel = (await viewOf(page)).zoom;
  await page.mouse.wheel(0, -400);
  await expect.poll(async () => (await viewOf(page)).zoom).toBeGreaterThan(beforeWheel);
  const beforeDrag = (await viewOf(page)).pan;
  await page.mouse.move(box.x + 40, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 160, box.y + 100, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await viewOf(page)).pan).not.toBe(beforeDrag);
  await panel.focus();
  const beforeKeys = await viewOf(page);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('+');
  await expect.poll(async () => (await viewOf(page)).pan).not.toBe(beforeKeys.pan);
  await expect.poll(async () => (await viewOf(page)).zoom).toBeGreaterThan(beforeKeys.zoom);
  await page.getByRole('button', { name: 'Fit' }).click();
  await expect.poll(() => viewOf(page)).toEqual(fitted);

  // A state picked: its transitions lit and listed, with its entry and exit actions.
  await panel
    .getByRole('button', { name: /^State closed/ })
    .first()
    .click();
  const facts = page.getByRole('region', { name: 'State searchDrawer.drawer.closed' });
  await expect(
    facts.getByRole('list', { name: 'Transitions from searchDrawer.drawer.closed' }),
  ).toContainText('search.open → searchDrawer.drawer.open');
  await expect(
    panel.locator('[data-transition^="searchDrawer.drawer.closed --search.open-->"][data-lit]'),
  ).toHaveCount(1);

  // The model tests' coverage: the one transition taken drawn plainly, the others marked.
  await page.getByLabel('Show model test coverage').check();
  await expect(
    panel.locator('[data-transition="searchDrawer.drawer.closed --search.open--> searchDrawer.drawer.open"]'),
  ).toHaveAttribute('data-covered', 'true');
  await expect(panel.locator('[data-covered="false"]').first()).toBeVisible();
  await expect(page.getByText(/\d+ of \d+ transitions never taken by the model tests/)).toBeVisible();

  // Sending an event: the state's events are offered; a bad payload is refused with a reason.
  const send = page.getByRole('form', { name: 'Send an event to search' });
  await send.getByLabel('Event (what its current state takes)').selectOption('search.open');
  await send.getByLabel('Payload (JSON, without "type")').fill('{"oops": ');
  await expect(send.getByText(/^Not JSON/)).toBeVisible();
  await expect(send.getByRole('button', { name: 'Send search.open' })).toBeDisabled();
  await send.getByLabel('Payload (JSON, without "type")').fill('');
  await send.getByRole('button', { name: 'Send search.open' }).click();
  // The app's own search drawer opens, and the chart follows the actor (read behind the drawer).
  const drawer = page.getByRole('dialog', { name: 'Search Adlane' });
  await expect(drawer).toBeVisible();
  const chart = page.getByTestId('chart-view');
  await expect(chart.locator('[data-state="searchDrawer.drawer.open"][data-active]')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(chart.locator('[data-state="searchDrawer.drawer.closed"][data-active]')).toHaveCount(1);
  const sent = page.getByRole('button', { name: 'outside → search: search.open' });
  await expect(sent).toBeVisible();

  // Picking an event shows what it changed in the actor that received it.
  await sent.click();
  const detail = page.getByRole('region', { name: 'Event search.open' });
  await expect(detail.getByRole('row', { name: /value\.drawer/ })).toContainText('"closed"');
  await expect(detail.getByRole('row', { name: /value\.drawer/ })).toContainText('"open"');

  // Filtered by actor, only the events that actor sent or received are listed.
  await page.getByLabel('Actor', { exact: true }).selectOption('search');
  const rows = page.getByRole('list', { name: 'Events' }).getByRole('button');
  await expect(rows.first()).toBeVisible();
  const names = await rows.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).toMatch(/(^search → )|(→ search: )/);
});
