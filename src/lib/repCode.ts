import { browserCookies, type CookieJar } from './browserId';
import { COOKIE_NAMES } from './cookies';
import { readStore, writeStore } from './storage';

/** SPEC section 9: the rep-code cookie lasts 30 days. */
export const REP_CODE_DAYS = 30;
/** A sales rep's code as it appears in links (`?rep=jsmith`): letters, digits, `_.-`, at most 40. */
const REP_CODE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;

export interface RepCodeStore {
  read(): string | undefined;
  write(code: string): void;
}

const storefront: RepCodeStore = {
  read: () => readStore().repCode,
  write: (repCode) => writeStore({ repCode }),
};

/**
 * SPEC section 7: the rep code is read from the URL (`rep`) or storage and saved as the
 * `adlane_rep_code` cookie for 30 days on the parent domain, where registration reads it as
 * rep_name. A code in the URL replaces the stored one; anything malformed is ignored.
 */
export function captureRepCode(
  search: string,
  jar: CookieJar = browserCookies,
  store: RepCodeStore = storefront,
): string | null {
  const fromUrl = new URLSearchParams(search).get('rep')?.trim() ?? '';
  const stored = store.read() ?? '';
  const code = REP_CODE.test(fromUrl) ? fromUrl : REP_CODE.test(stored) ? stored : null;
  if (!code) return null;
  store.write(code);
  jar.set(COOKIE_NAMES.repCode, code, REP_CODE_DAYS);
  return code;
}
