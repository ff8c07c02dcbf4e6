import { describe, expect, it } from 'vitest';
import type { ContentMediaType } from '../../contract/content';
import { shopLinkLabel } from '../../src/features/content/shopLinks';
import { groupByMediaLabel } from '../../src/features/content/specGroups';

const sheet = (slug: string, mediaType: ContentMediaType) => ({ slug, mediaType });

describe('groupByMediaLabel', () => {
  it('keeps the order of the sheets and puts Google and GroundTruth under one "Online" heading', () => {
    const groups = groupByMediaLabel([
      sheet('mag', 'printmag'),
      sheet('display', 'google'),
      sheet('search', 'google'),
      sheet('geofence', 'gt'),
      sheet('eddm', 'eddm'),
    ]);
    expect(groups.map((g) => [g.label, g.channel, g.sheets.map((s) => s.slug)])).toEqual([
      ['Magazines', 'printmag', ['mag']],
      ['Online', 'google', ['display', 'search', 'geofence']],
      ['Every Door Direct Mail', 'eddm', ['eddm']],
    ]);
  });

  it('answers no groups for no sheets', () => {
    expect(groupByMediaLabel([])).toEqual([]);
  });
});

describe('shopLinkLabel', () => {
  it('names the shop section a sheet sends to', () => {
    expect(shopLinkLabel('/shop/magazines')).toBe('Shop Magazines');
    expect(shopLinkLabel('/shop/email')).toBe('Shop Email');
    expect(shopLinkLabel('/ads/direct-mail/?m=eddm')).toBe('Plan an every-door mailing');
  });
});
