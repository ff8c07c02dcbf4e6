import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every end-to-end test fails on an uncaught error in the page or a Content-Security-Policy
 * violation, whatever it was checking: both mean a visitor would meet a broken page.
 */
/**
 * Until the app's script has taken a page over (`<html data-ready>`, src/ssr/hydration.ts), a page the
 * server drew is on screen but its buttons do nothing yet. After loading a page, the tests wait for
 * that, as a person waits for a page to respond; documents that are not the app (a PDF) have no #root.
 */
export async function untilReady(page: Page) {
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.dataset.ready === 'true',
  );
}

export const test = base.extend<{ pageProblems: string[] }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await untilReady(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await untilReady(page);
      return response;
    };
    await use(page);
  },
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to (load|apply|execute|connect)/i.test(message.text())) {
          problems.push(`CSP: ${message.text()}`);
        }
      });
      await use(problems);
      expect(problems, 'errors or CSP violations in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
