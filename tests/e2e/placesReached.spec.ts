import { expect, test } from './fixtures';

/*
 * Issue 28: "Places reached" repeated a name ("Aurora" over "Aurora · place"). Under each place, the
 * line says what kind of place it is, and its city only where the name does not already say it.
 */
const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[a-z]{3,}/g) ?? []);

for (const width of [1280, 390]) {
  test(`a placement's places reached repeat no name at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/shop/tv');
    const first = page.getByRole('region', { name: 'Placements' }).getByRole('heading', { level: 3 }).first();
    await first.getByRole('link').click();
    const places = page.getByRole('region', { name: 'Places reached' }).getByRole('listitem');
    await expect(places.first()).toBeVisible();
    const entries = await places.evaluateAll((items) =>
      items.map((item) => [...item.querySelectorAll('p')].map((line) => (line.textContent ?? '').trim())),
    );
    expect(entries.length).toBeGreaterThanOrEqual(6);
    for (const [name = '', detail = ''] of entries) {
      const repeated = [...wordsOf(detail)].filter((word) => wordsOf(name).has(word));
      expect(repeated, `"${name}" over "${detail}"`).toEqual([]);
      expect(detail).toMatch(/^[A-Z]/);
    }
  });
}
