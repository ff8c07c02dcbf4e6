/**
 * The path of a link within this site (`/shop/tv/TV101-01?x=1#top`), or null when the link leads
 * elsewhere: another origin, a protocol-relative `//host` or a `javascript:` URL. Links that come from
 * data (search records) are only followed through this.
 */
export function sitePath(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
