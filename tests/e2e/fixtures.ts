import { test as base, expect } from '@playwright/test';

/**
 * Every end-to-end test fails on an uncaught error in the page or a Content-Security-Policy
 * violation, whatever it was checking: both mean a visitor would meet a broken page.
 */
export const test = base.extend<{ pageProblems: string[] }>({
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
