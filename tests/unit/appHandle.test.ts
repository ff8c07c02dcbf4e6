import { describe, expect, it } from 'vitest';
import type { AppSystem } from '../../src/system/app';
import { createAppHandle } from '../../src/system/handle';

// The handle only passes the app along: any object stands in for it.
const anApp = { name: 'the app' } as unknown as AppSystem;

describe('the app handle (the first bundle’s way to the actors)', () => {
  it('delivers events sent before the app loaded, in order, once it has', async () => {
    let finish: (app: AppSystem) => void = () => {};
    const handle = createAppHandle(() => new Promise((resolve) => (finish = resolve)));
    const seen: string[] = [];
    handle.whenReady(() => seen.push('first'));
    handle.whenReady(() => seen.push('second'));
    expect(handle.current()).toBeNull();
    finish(anApp);
    await handle.ready;
    handle.whenReady(() => seen.push('third'));
    expect(seen).toEqual(['first', 'second', 'third']);
    expect(handle.current()).toBe(anApp);
  });

  it('tries a failed load again after 1, 3 and 9 seconds', async () => {
    const waits: number[] = [];
    let attempts = 0;
    const handle = createAppHandle(
      async () => {
        attempts += 1;
        if (attempts < 3) throw new Error('Failed to fetch dynamically imported module');
        return anApp;
      },
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(await handle.ready).toBe(anApp);
    expect(waits).toEqual([1_000, 3_000]);
  });

  it('after the retries give up, the next read of ready (a page’s Try again) loads once more', async () => {
    let attempts = 0;
    let online = false;
    const handle = createAppHandle(
      async () => {
        attempts += 1;
        if (!online) throw new Error('offline');
        return anApp;
      },
      async () => {},
    );
    await expect(handle.ready).rejects.toThrow('offline');
    expect(attempts).toBe(4);
    online = true;
    expect(await handle.ready).toBe(anApp);
    expect(attempts).toBe(5);
  });
});
