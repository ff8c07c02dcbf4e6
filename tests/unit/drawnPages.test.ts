import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCRIPTS_ID } from '../../contract/drawnPages';

// boot.ts starts on import: give it a hidden page with no block, where it starts at once and does nothing.
vi.stubGlobal('document', { visibilityState: 'hidden', getElementById: () => null });
const { SCRIPTS_BLOCK, addPreloads, afterFirstPaint } = await import('../../src/boot');
vi.unstubAllGlobals();

describe('the boot script of a drawn page', () => {
  it('reads the data block the server writes', () => {
    expect(SCRIPTS_BLOCK).toBe(SCRIPTS_ID);
  });

  it('asks for every chunk, in order, a few links per task', async () => {
    const added: Array<{ rel: string; href: string; crossOrigin: string | null }> = [];
    const tasks: number[] = [];
    let task = 0;
    vi.stubGlobal('document', {
      createElement: () => ({ rel: '', href: '', crossOrigin: null }),
      head: {
        append: (link: (typeof added)[number]) => {
          added.push(link);
          tasks.push(task);
        },
      },
    });
    vi.stubGlobal(
      'MessageChannel',
      class {
        port1: { onmessage: (() => void) | null; close(): void } = { onmessage: null, close: () => {} };
        port2 = {
          postMessage: () =>
            setTimeout(() => {
              task += 1;
              this.port1.onmessage?.();
            }, 0),
        };
      },
    );
    const hrefs = Array.from({ length: 20 }, (_, i) => `/assets/chunk-${i}.js`);
    await addPreloads(hrefs);
    vi.unstubAllGlobals();
    expect(added.map((link) => link.href)).toEqual(hrefs);
    expect(added.every((link) => link.rel === 'modulepreload' && link.crossOrigin === '')).toBe(true);
    // 20 links: 8, 8 and 4, each group in a task of its own.
    expect(tasks).toEqual([...Array(8).fill(0), ...Array(8).fill(1), ...Array(4).fill(2)]);
  });
});

/** A browser whose paint reports the test sends by hand (`paint()`), or that has none. */
function browser({ visibility = 'visible', reportsPaints = true } = {}) {
  const observers: Array<(names: string[]) => void> = [];
  class FakeObserver {
    static supportedEntryTypes = reportsPaints ? ['paint', 'largest-contentful-paint'] : ['resource'];
    constructor(private readonly report: (list: { getEntriesByName: (n: string) => unknown[] }) => void) {}
    observe() {
      observers.push((names) => this.report({ getEntriesByName: (n) => names.filter((x) => x === n) }));
    }
    disconnect() {
      observers.length = 0;
    }
  }
  vi.stubGlobal('document', { visibilityState: visibility });
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.stubGlobal('requestAnimationFrame', (frame: () => void) => setTimeout(frame, 16));
  return {
    paint: (name: string) => {
      for (const report of [...observers]) report([name]);
    },
  };
}

describe('when the app’s scripts start on a drawn page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts once the browser reports the first contentful paint, and only once', () => {
    const { paint } = browser();
    const start = vi.fn();
    afterFirstPaint(start);
    paint('first-paint');
    vi.advanceTimersByTime(500);
    expect(start).not.toHaveBeenCalled();
    paint('first-contentful-paint');
    expect(start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    paint('first-contentful-paint');
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts anyway a second after the next frame when no paint is reported', () => {
    browser();
    const start = vi.fn();
    afterFirstPaint(start);
    vi.advanceTimersByTime(1_000);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(17);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts after the next frame in a browser that reports no paints', () => {
    browser({ reportsPaints: false });
    const start = vi.fn();
    afterFirstPaint(start);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(17);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once in a tab opened in the background, which paints nothing until shown', () => {
    browser({ visibility: 'hidden' });
    const start = vi.fn();
    afterFirstPaint(start);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
