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
