/**
 * The path of a parsed URL when a browser would keep it on `origin`, else null. A pathname that
 * begins with `//` (which `/.//host`, `/..//host` and `/%2e//host` normalise to) is read as another
 * host when it is navigated to, so it is refused too.
 */
export function pathOnOrigin(url: URL, origin: string): string | null {
  if (url.origin !== origin || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The path of a link within this site (`/shop/tv/TV101-01?x=1#top`), or null when the link leads
 * elsewhere: another origin, a protocol-relative `//host` or a `javascript:` URL. Links that come from
 * data (search records) are only followed through this. Never throws.
 */
export function sitePath(url: string, origin: string): string | null {
  try {
    return pathOnOrigin(new URL(url, origin), origin);
  } catch {
    return null;
  }
}
