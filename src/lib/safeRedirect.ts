import { pathOnOrigin } from './sitePath';

const hasUnsafeCharacters = (text: string) =>
  [...text].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || code === 0x7f || character === '\\';
  });

const BASE = 'https://app.invalid';

/**
 * Only paths inside the app are followed after signing in (no open redirects): the target must be a
 * path, free of control characters and backslashes (browsers drop or rewrite them into `//host`), that
 * resolves to this origin and does not normalise into a `//host` path. Never throws: anything else is
 * null (the caller goes to its default page).
 */
export function safeRedirect(target: unknown): string | null {
  if (typeof target !== 'string' || !target.startsWith('/') || hasUnsafeCharacters(target)) return null;
  try {
    return pathOnOrigin(new URL(target, BASE), BASE);
  } catch {
    return null;
  }
}
