/** The grace the real server gives a replaced refresh token (server/http/signIn.ts). */
export const REFRESH_REUSE_GRACE_MS = 20_000;

interface RefreshToken {
  family: number;
  replacedAt: number | null;
}

/**
 * The API's sign-in tokens as the model world needs them, with the real server's rules: each sign-in
 * is a family of tokens; a refresh replaces the refresh token presented with a new one (which the
 * answer's drop_cookies puts in the dashboard cookie); a replaced token presented again within the
 * grace gets a new token of the same family (tabs refreshing at once), after it ends the family.
 */
export class FakeAuthServer {
  private serial = 0;
  private families = 0;
  private readonly access = new Map<string, number>();
  private readonly refresh = new Map<string, RefreshToken>();
  private readonly revoked = new Set<number>();
  private readonly codes = new Set<string>();
  /** Every refresh token the server was shown, in order (what the browser sent as the bearer). */
  readonly presented: string[] = [];

  /** A new sign-in (password, link, another app): an access token and a dashboard cookie value. */
  signIn() {
    this.families += 1;
    return this.issue(this.families);
  }

  private issue(family: number) {
    this.serial += 1;
    const token = `access-${this.serial}`;
    const refresh = `refresh-${this.serial}`;
    this.access.set(token, family);
    this.refresh.set(refresh, { family, replacedAt: null });
    return { token, refresh };
  }

  /** GET /login/refresh: the new tokens, or null (401, and drop_cookies removes the cookie). */
  refreshWith(cookie: string, now: number): { token: string; refresh: string } | null {
    this.presented.push(cookie);
    const found = this.refresh.get(cookie);
    if (!found || this.revoked.has(found.family)) return null;
    if (found.replacedAt !== null && now - found.replacedAt > REFRESH_REUSE_GRACE_MS) {
      this.revoked.add(found.family);
      return null;
    }
    found.replacedAt ??= now;
    return this.issue(found.family);
  }

  hasLiveAccess(token: string) {
    const family = this.access.get(token);
    return family !== undefined && !this.revoked.has(family);
  }

  isLiveRefresh(cookie: string | null) {
    const found = cookie === null ? undefined : this.refresh.get(cookie);
    return found !== undefined && found.replacedAt === null && !this.revoked.has(found.family);
  }

  /** POST /logout, or a revocation elsewhere: the whole sign-in the token belongs to ends. */
  endSignInOf(token: string | null) {
    if (token === null) return;
    const family = this.access.get(token) ?? this.refresh.get(token)?.family;
    if (family !== undefined) this.revoked.add(family);
  }

  /** An access token that stopped working on its own (the API answers 401 for it). */
  forgetAccess(token: string) {
    this.access.delete(token);
  }

  mailSigninCode(code: string) {
    this.codes.add(code);
  }

  /** GET /login/create: a new sign-in from a one-time code, or null (410). */
  createSession(code: string) {
    return this.codes.delete(code) ? this.signIn() : null;
  }
}
