import { REP_CODE_DAYS } from '../../contract/cookies';
import { browserCookies, type CookieJar } from './browserId';
import { COOKIE_NAMES } from './cookies';
import { readStore, writeStore } from './storage';

export { REP_CODE_DAYS };

/** A sales rep's code as it appears in links (`?rep=jsmith`): letters, digits, `_.-`, at most 40. */
const REP_CODE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;

export interface RepCodeStore {
  read(): { code: string; at: number } | undefined;
  write(code: string, at: number): void;
}

const storefront: RepCodeStore = {
  read: () => {
    const { repCode, repCodeAt } = readStore();
    return repCode && typeof repCodeAt === 'number' ? { code: repCode, at: repCodeAt } : undefined;
  },
  write: (repCode, repCodeAt) => writeStore({ repCode, repCodeAt }),
};

const DAY_MS = 86_400_000;

/**
 * SPEC section 7: the rep code is read from the URL (`rep`) or storage and saved as the
 * `adlane_rep_code` cookie for 30 days on the parent domain, where registration reads it as
 * rep_name. The 30 days count from the visit that brought the code: a later visit renews the cookie
 * only for what is left of them. A code in the URL replaces the stored one; malformed ones are ignored.
 */
export function captureRepCode(
  search: string,
  jar: CookieJar = browserCookies,
  store: RepCodeStore = storefront,
  now: number = Date.now(),
): string | null {
  const fromUrl = new URLSearchParams(search).get('rep')?.trim() ?? '';
  if (REP_CODE.test(fromUrl)) {
    store.write(fromUrl, now);
    jar.set(COOKIE_NAMES.repCode, fromUrl, REP_CODE_DAYS);
    return fromUrl;
  }
  const stored = store.read();
  if (!stored || !REP_CODE.test(stored.code)) return null;
  const left = REP_CODE_DAYS - (now - stored.at) / DAY_MS;
  if (left <= 0) return null;
  jar.set(COOKIE_NAMES.repCode, stored.code, left);
  return stored.code;
}
