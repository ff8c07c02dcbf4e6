import { redirect } from '@tanstack/react-router';
import { config } from '../../config';
import { safeRedirect } from '../../lib/safeRedirect';
import type { AppHandle } from '../../system/handle';

/** Resolves once the session's guard has decided; answers whether the visitor is signed in. */
export async function isAuthenticated(app: AppHandle): Promise<boolean> {
  if (app.knownVisitor) return false;
  return (await app.ready).isAuthenticated();
}

/** For pages only visitors need (sign in, register, password resets): a signed-in customer moves on. */
export async function redirectSignedIn(app: AppHandle, target?: unknown) {
  if (await isAuthenticated(app))
    throw redirect({ href: safeRedirect(target) ?? config.postLoginUrl, replace: true });
}

/** For the dashboard: a visitor signs in first, then comes back here. */
export async function requireSignedIn(app: AppHandle, here: string) {
  if (!(await isAuthenticated(app)))
    throw redirect({ to: '/login', search: { redirect: here }, replace: true });
}
