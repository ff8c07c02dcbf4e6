import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Where Debian installs Chromium; `CHROMIUM_PATH` overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Launch options for the system Chromium. Playwright cannot download its own browser on this kind
 * of machine, so a missing Chromium is a hard, explained failure, never a silent skip.
 */
export function chromiumLaunchOptions(extraArgs: string[] = []): LaunchOptions {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}. Install it with \`apt-get install -y chromium\` ` +
        '(or run .ci/run, which does), or point CHROMIUM_PATH at a Chromium binary. Browser tests cannot run without it.',
    );
  }
  return {
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  };
}
