import { describe, expect, it } from 'vitest';
import { sitePath } from '../../src/lib/sitePath';

const ORIGIN = 'https://adlane.example';

describe('sitePath (links from search records)', () => {
  it('keeps paths and same-site URLs, with their query and hash', () => {
    expect(sitePath('/shop/tv/TV101-01', ORIGIN)).toBe('/shop/tv/TV101-01');
    expect(sitePath('/shop?zip=60601#results', ORIGIN)).toBe('/shop?zip=60601#results');
    expect(sitePath('https://adlane.example/specs/tv', ORIGIN)).toBe('/specs/tv');
  });

  it('refuses other sites, protocol-relative links and scripts', () => {
    expect(sitePath('https://evil.example/shop', ORIGIN)).toBeNull();
    expect(sitePath('//evil.example/shop', ORIGIN)).toBeNull();
    expect(sitePath('http://adlane.example/shop', ORIGIN)).toBeNull();
    expect(sitePath('javascript:alert(1)', ORIGIN)).toBeNull();
    expect(sitePath('data:text/html,<script>alert(1)</script>', ORIGIN)).toBeNull();
  });
});
