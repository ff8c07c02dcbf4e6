import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHANNEL_KEYS, CHANNEL_LOOKS, channelKey, channelLabel, mediaLabel } from '../../src/lib/channels';

describe('channel key mapping (SPEC section 3)', () => {
  it('splits digital by partner: google gives google, groundtruth gives gt', () => {
    expect(channelKey('digital', 'google')).toBe('google');
    expect(channelKey('digital', 'groundtruth')).toBe('gt');
  });

  it('gives a known media type itself', () => {
    for (const type of ['printmag', 'tv', 'ctv', 'dooh', 'eddm', 'abdm', 'email', 'custom'] as const) {
      expect(channelKey(type)).toBe(type);
      expect(channelKey(type, 'google')).toBe(type);
    }
  });

  it('gives default otherwise', () => {
    expect(channelKey('digital')).toBe('default');
    expect(channelKey('digital', 'facebook')).toBe('default');
    expect(channelKey('radio')).toBe('default');
    expect(channelKey('')).toBe('default');
    expect(channelKey(null)).toBe('default');
    expect(channelKey(undefined)).toBe('default');
    expect(channelKey('toString')).toBe('default');
  });
});

describe('media type labels', () => {
  it('are the labels of SPEC section 3, blank for default', () => {
    expect(
      Object.fromEntries(
        ['printmag', 'tv', 'ctv', 'dooh', 'google', 'gt', 'eddm', 'abdm', 'custom', 'default'].map((k) => [
          k,
          channelLabel(k as never),
        ]),
      ),
    ).toEqual({
      printmag: 'Magazine',
      tv: 'TV',
      ctv: 'CTV',
      dooh: 'Digital Out of Home',
      google: 'Online',
      gt: 'Online',
      eddm: 'Direct Mail',
      abdm: 'Audience-based Direct Mail',
      custom: 'Custom',
      default: '',
    });
    expect(channelLabel('email')).toBe('Email');
  });

  it('label a media record by its type and partner', () => {
    expect(mediaLabel('digital', 'groundtruth')).toBe('Online');
    expect(mediaLabel('printmag')).toBe('Magazine');
    expect(mediaLabel('hologram')).toBe('');
  });

  it('give every channel an accent colour, a class carrying that colour in the stylesheet and a banner image', () => {
    const css = readFileSync(new URL('../../src/styles.css', import.meta.url), 'utf8');
    for (const key of CHANNEL_KEYS) {
      const look = CHANNEL_LOOKS[key];
      expect(look.accent).toMatch(/^#[0-9a-f]{6}$/);
      expect(look.className).toBe(`look-${key}`);
      // The overlays, icons and badges take their colour from the class (no style attributes, which
      // the Content-Security-Policy refuses in pages the server draws): it must be the accent.
      expect(css).toMatch(new RegExp(`\\.look-${key} \\{\\s*--look: ${look.accent};\\s*\\}`));
      expect(look.banner).toBe(`/images/banners/${key}.svg`);
    }
  });
});
