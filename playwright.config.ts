import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/browser';
import { E2E_COMPANY, E2E_SERVER_ENV } from './tests/e2e/serverEnv';

/**
 * End-to-end tests run the production build (`npm run build` first: the app and the server's bundle,
 * run with plain node as `npm start` does) on the real server, on a free
 * port, with a fresh embedded database. The port and data folder are chosen once, in the main
 * process, and inherited by the workers through the environment.
 */
if (!process.env.E2E_PORT) {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  process.env.E2E_PORT = execFileSync(process.execPath, ['-e', script]).toString().trim();
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'adlane-e2e-'));
}
// The test server's outbox key, which the tests read too (tests/e2e/support.ts); workers inherit it.
process.env.E2E_OUTBOX_KEY ??= randomBytes(18).toString('base64url');
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'node dist/.server/main.js',
    url: `${baseURL}/api/v1/ui/stats`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'pglite'),
      DATABASE_URL: '',
      OUTBOX_KEY: process.env.E2E_OUTBOX_KEY ?? '',
      ...E2E_SERVER_ENV,
      COMPANY_LEGAL_NAME: E2E_COMPANY.legalName,
      COMPANY_ADDRESS: E2E_COMPANY.address.join('|'),
    },
  },
});
