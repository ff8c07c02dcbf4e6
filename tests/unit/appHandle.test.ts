import { describe, expect, it } from 'vitest';
import type { AppSystem } from '../../src/system/app';
import { AppLoadError, createAppHandle } from '../../src/system/handle';

// The handle only passes the app along: any object stands in for it.
const anApp = { name: 'the app' } as unknown as AppSystem;

/** A load the test answers: each call is one attempt. */
function loads() {
  const attempts: Array<{ resolve: (app: AppSystem) => void; reject: (error: Error) => void }> = [];
  const load = () =>
    new Promise<AppSystem>((resolve, reject) => {
      attempts.push({ resolve, reject });
    });
  return { load, attempts };
}

describe('the app handle (the first bundle’s way to the actors)', () => {
  it('delivers work sent before the app loaded, in order, once it has', async () => {
    const { load, attempts } = loads();
    const handle = createAppHandle(load);
    const seen: string[] = [];
    handle.whenReady(() => seen.push('first'));
    handle.whenReady(() => seen.push('second'));
    expect(handle.current()).toBeNull();
    attempts[0]?.resolve(anApp);
    await handle.ready;
    handle.whenReady(() => seen.push('third'));
    expect(seen).toEqual(['first', 'second', 'third']);
    expect(handle.current()).toBe(anApp);
  });

  it('readers at the same moment share one attempt', async () => {
    const { load, attempts } = loads();
    const handle = createAppHandle(load);
    const both = Promise.all([handle.ready, handle.ready]);
    expect(attempts).toHaveLength(1);
    attempts[0]?.resolve(anApp);
    expect(await both).toEqual([anApp, anApp]);
  });

  it('a failed load says so (AppLoadError), keeps the work queued, and the next read tries again', async () => {
    const { load, attempts } = loads();
    const handle = createAppHandle(load);
    const seen: string[] = [];
    handle.whenReady(() => seen.push('subscribed before the failure'));
    const first = handle.ready;
    attempts[0]?.reject(new Error('Failed to fetch dynamically imported module'));
    await expect(first).rejects.toBeInstanceOf(AppLoadError);
    expect(seen).toEqual([]);
    const second = handle.ready;
    expect(attempts).toHaveLength(2);
    attempts[1]?.resolve(anApp);
    expect(await second).toBe(anApp);
    expect(seen).toEqual(['subscribed before the failure']);
  });
});

describe('telling a failed download of code from other errors', () => {
  it('recognises the app’s own chunk and the browsers’ words for a lazy part that did not load', async () => {
    const { isCodeLoadError } = await import('../../src/lib/codeLoadError');
    expect(isCodeLoadError(new AppLoadError(new Error('offline')))).toBe(true);
    expect(isCodeLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isCodeLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isCodeLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isCodeLoadError(new Error('Error fetching media'))).toBe(false);
    expect(isCodeLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('an app that starts after the page is adopted (a page the server drew)', () => {
  it('starts when told, keeping work sent before then, in order', async () => {
    const { load, attempts } = loads();
    let adopted = () => {};
    const handle = createAppHandle(load, new Promise<void>((resolve) => (adopted = resolve)));
    const seen: string[] = [];
    handle.whenReady(() => seen.push('a click while the page was adopted'));
    await Promise.resolve();
    expect(attempts).toHaveLength(0);
    adopted();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(attempts).toHaveLength(1);
    attempts[0]?.resolve(anApp);
    await handle.ready;
    expect(seen).toEqual(['a click while the page was adopted']);
  });

  it('starts at once for a route that needs it, without waiting for the adoption', async () => {
    const { load, attempts } = loads();
    const handle = createAppHandle(load, new Promise<void>(() => {}));
    const needed = handle.ready;
    expect(attempts).toHaveLength(1);
    attempts[0]?.resolve(anApp);
    expect(await needed).toBe(anApp);
  });
});
