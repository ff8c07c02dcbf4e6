import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { motionSettled } from './support';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: the rules the product answers to. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Runs axe on the page once nothing moves, and fails with each violation, its rule and where it was
 * met. Read mid-transition, a menu fading in has the contrast of its half-transparent colours.
 */
export async function expectAccessible(page: Page, what: string) {
  await motionSettled(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG)
    // Headless UI's focus guards around an open popover: hidden buttons that hand focus on (to the
    // panel, or past it) the moment they get it, so a keyboard user never lands on them.
    .exclude('[data-headlessui-focus-guard]')
    .analyze();
  const found = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect(found, `accessibility violations on ${what}`).toEqual([]);
}
