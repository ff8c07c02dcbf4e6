import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { guardBackOffice } from '../../src/system/admin/guard';
import { BACK_OFFICE_KEY } from '../../src/system/admin/session';
import type { AppSystem } from '../../src/system/app';

const HOUR_MS = 3_600_000;

/** The tab's sessionStorage holding a live staff session, as after a sign-in. */
function signedInTab() {
  const stored = new Map<string, string>([
    [
      BACK_OFFICE_KEY,
      JSON.stringify({
        token: 'staff-token',
        expires_at: new Date(Date.now() + 8 * HOUR_MS).toISOString(),
        staff: { id: 's1', email: 'ops@adlane.example', name: 'Ops', role: 'admin' },
      }),
    ],
  ]);
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
}

const at = (pathname: string) => ({ pathname, href: pathname });
const settledYet = async (promise: Promise<unknown>) => {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
};

describe('the back office guard', () => {
  beforeAll(signedInTab);
  afterAll(() => vi.unstubAllGlobals());

  it('holds a signed-in page until the app has loaded, since its lists use the app’s actor options', async () => {
    let loaded: (app: AppSystem) => void = () => {};
    const ready = new Promise<AppSystem>((resolve) => {
      loaded = resolve;
    });
    const guarded = guardBackOffice(at('/admin/staff'), { ready });
    expect(await settledYet(guarded)).toBe(false);
    loaded({} as AppSystem);
    await expect(guarded).resolves.toBeUndefined();
  });

  it('sends someone signed in from the sign-in page to the queue without waiting for the app', async () => {
    const never = new Promise<AppSystem>(() => {});
    await expect(guardBackOffice(at('/admin/login'), { ready: never })).rejects.toMatchObject({
      options: { href: '/admin/orders' },
    });
  });
});
