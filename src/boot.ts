/**
 * The script of a page the server drew (server/ssr/page.ts puts it in place of the app's own): the
 * page is on screen from its HTML, so the app's script, and the chunks it needs, are fetched once the
 * browser has painted it, and never compete with the page's styles and fonts for a slow connection.
 * It imports nothing, so it is one small file.
 */

import type { AppScripts } from '../contract/drawnPages';

/**
 * contract/drawnPages.ts's SCRIPTS_ID, written out: importing the constant would make this file load
 * a shared chunk before it could start (tests/unit/drawnPages.test.ts checks they agree).
 */
export const SCRIPTS_BLOCK = 'adlane-scripts';

/** How many links to add in one task: each costs a phone about a millisecond as the page loads. */
const LINKS_PER_TASK = 8;

function start() {
  const block = document.getElementById(SCRIPTS_BLOCK);
  const scripts = JSON.parse(block?.textContent ?? 'null') as AppScripts | null;
  if (!scripts) return;
  // The entry too (it is run last, but fetched with the rest), then the code the page asks for
  // once it runs (a block without those lists still starts the app).
  void addPreloads([...scripts.preload, scripts.entry, ...(scripts.routes ?? []), ...(scripts.later ?? [])]);
  void runInTurns(scripts);
}

/** Asks for every chunk at once, a few links per task. */
export async function addPreloads(hrefs: string[]) {
  for (let i = 0; i < hrefs.length; i += LINKS_PER_TASK) {
    if (i > 0) await nextTask();
    for (const href of hrefs.slice(i, i + LINKS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  }
}

/** A task of its own: a message to ourselves, which the browser does not delay as it may a timer. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Runs the app's chunks one by one, each in a task of its own (React alone is a fifth of a second of
 * a phone's time), then the app: the browser can answer a tap or paint in between. The app imports
 * each of them anyway; a chunk already run is not run again. One that fails to load leaves it to the
 * app's own import to fail and say so.
 */
async function runInTurns(scripts: AppScripts) {
  for (const href of scripts.preload) {
    await import(/* @vite-ignore */ href).catch(() => {});
    await nextTask();
  }
  await import(/* @vite-ignore */ scripts.entry);
}

/** How long to wait for the browser to say it painted the page, before starting anyway. */
const PAINT_WAIT_MS = 1000;

/**
 * Calls `then` once the page is on screen: when the browser reports its first contentful paint (a
 * frame is drawn on the main thread before it reaches the screen; fetching the scripts in between
 * would have them compete with that frame). A browser that reports no paints starts after the next
 * frame; one that is slow to report starts after PAINT_WAIT_MS. A tab opened in the background
 * paints nothing until shown, so it starts at once.
 */
export function afterFirstPaint(then: () => void) {
  if (document.visibilityState === 'hidden') return then();
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    then();
  };
  const reportsPaints =
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes?.includes('paint') ?? false);
  const observer = reportsPaints
    ? new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) once();
      })
    : undefined;
  observer?.observe({ type: 'paint', buffered: true });
  // The frame's callback runs just before it is drawn, the timeout just after.
  requestAnimationFrame(() => setTimeout(once, reportsPaints ? PAINT_WAIT_MS : 0));
}

afterFirstPaint(start);
