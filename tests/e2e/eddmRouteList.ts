import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Below the tablet breakpoint (769 px) the every-door page lists its routes in a sheet. */
export const isPhone = (width: number) => width < 769;

/**
 * Acts on the list of a zip code's routes (its checkboxes, "Select all", "Clear"): on the page itself,
 * or on a phone in the sheet its "Routes (n)" button opens, closed again after.
 */
export async function inRouteList(page: Page, width: number, act: (list: Locator) => Promise<void>) {
  if (!isPhone(width)) return act(page.getByRole('main'));
  await page.getByRole('button', { name: /^Routes \(\d+\)/ }).click();
  const sheet = page.getByRole('dialog', { name: /^Routes in \d{5}/ });
  await expect(sheet).toBeVisible();
  await act(sheet);
  await sheet.getByRole('button', { name: 'Done' }).click();
  await expect(sheet).toBeHidden();
}
