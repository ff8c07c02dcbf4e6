import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

const STYLE_ATTRIBUTE = /\sstyle="([^"]*)"/g;

/** What React escapes in an attribute, back to the text the browser hashes. */
const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The CSP hashes of the `style` attributes in a page the server drew. The app's own markup has none
 * (colours are classes); Headless UI writes one on the hidden element that guards focus after a
 * popover, and a drawn page carries it as an attribute, which `style-src 'self'` alone refuses.
 */
export function styleAttributeHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, value] of html.matchAll(STYLE_ATTRIBUTE)) {
    const digest = createHash('sha256')
      .update(unescapeAttribute(value ?? ''))
      .digest('base64');
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}

/**
 * Adds a drawn page's style hashes to the policy secureHeaders wrote (registered before it, so this
 * runs after it has). 'unsafe-hashes' lets hashes apply to attributes; nothing else inline is allowed.
 */
export const allowDrawnStyles: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const hashes = c.get('styleHashes');
  const policy = c.res.headers.get('Content-Security-Policy');
  if (!hashes?.length || !policy) return;
  c.res.headers.set(
    'Content-Security-Policy',
    policy.replace(/style-src 'self'/, () => `style-src 'self' 'unsafe-hashes' ${hashes.join(' ')}`),
  );
};
