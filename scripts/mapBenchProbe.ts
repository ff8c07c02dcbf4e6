import type { Page } from '@playwright/test';

/**
 * What the map benchmarks run in the page before its own code: the moment the routes could first be
 * clicked, the frame after they were put in the page (on the map's SVG sketch, `data-sketch`, or on
 * the map idle with its routes, for a build without the sketch). Watched as the page changes, not
 * polled: a poll starts only after the load event, later than the sketch. A string, as tsx would
 * name inner functions with a helper the page does not have.
 */
export const CLICKABLE_PROBE = `
  window.__clickableAt = undefined;
  const noteClickable = () => {
    if (window.__clickableAt !== undefined) return;
    const map = document.querySelector('section[data-map-state]');
    if (!map) return;
    const idle = map.dataset.mapState === 'idle' && Number(map.dataset.areas) > 0;
    if (!idle && !(Number(map.dataset.sketch) > 0)) return;
    window.__clickableAt = null;
    requestAnimationFrame(() => { window.__clickableAt = performance.now(); });
  };
  new MutationObserver(noteClickable).observe(document, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ['data-sketch', 'data-map-state', 'data-areas'],
  });
`;

/** Read in the page once the map is idle: when the routes were first clickable (or null: not seen). */
const readClickable = () => (window as unknown as { __clickableAt?: number | null }).__clickableAt ?? null;

/**
 * Waits, checking every frame (at most a frame late), for the map idle with its routes drawn, and
 * answers when that was and when the routes were first clickable (the idle, for a build without the
 * sketch). The page must have been opened with CLICKABLE_PROBE.
 */
export async function mapTimes(page: Page): Promise<{ clickable: number; idle: number }> {
  const done = await page.waitForFunction(
    () => {
      const map = document.querySelector<HTMLElement>('section[data-map-state]');
      return map?.dataset.mapState === 'idle' && Number(map.dataset.areas) > 0 ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  const idle = Number(await done.jsonValue());
  return { clickable: (await page.evaluate(readClickable)) ?? idle, idle };
}
