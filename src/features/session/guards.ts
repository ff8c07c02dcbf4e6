import { redirect } from '@tanstack/react-router';
import type { SessionActor } from '../../../machines/system';
import { config } from '../../config';
import { systemModule } from './sessionLoader';

/** Resolves once the session's guard has decided; answers whether the visitor is signed in. */
export async function isAuthenticated(session: Promise<SessionActor>): Promise<boolean> {
  const [system, actor] = await Promise.all([systemModule, session]);
  return system.isAuthenticated(actor);
}

const hasUnsafeCharacters = (text: string) =>
  [...text].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || code === 0x7f || character === '\\';
  });

/**
 * Only paths inside the app are followed after signing in (no open redirects): the target must be a
 * path, free of control characters and backslashes (browsers drop or rewrite them into `//host`), that
 * resolves to this origin.
 */
export function safeRedirect(target: unknown): string | null {
  if (typeof target !== 'string' || !target.startsWith('/') || hasUnsafeCharacters(target)) return null;
  const base = 'https://app.invalid';
  const url = new URL(target, base);
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** For pages only visitors need (sign in, register, password resets): a signed-in customer moves on. */
export async function redirectSignedIn(session: Promise<SessionActor>, target?: unknown) {
  if (await isAuthenticated(session))
    throw redirect({ href: safeRedirect(target) ?? config.postLoginUrl, replace: true });
}

/** For the dashboard: a visitor signs in first, then comes back here. */
export async function requireSignedIn(session: Promise<SessionActor>, here: string) {
  if (!(await isAuthenticated(session)))
    throw redirect({ to: '/login', search: { redirect: here }, replace: true });
}
