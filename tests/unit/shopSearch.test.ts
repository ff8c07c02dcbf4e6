import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SHOP_SEARCH,
  parseShopSearch,
  readShopSearch,
  storedToUrl,
  urlToStored,
  writeShopSearch,
} from '../../src/lib/shopSearch';
import { readStore, STORE_KEY, writeStore } from '../../src/lib/storage';
import { installMemoryStorage, type MemoryStorage } from './fakeStorage';

let storage: MemoryStorage;
beforeEach(() => {
  storage = installMemoryStorage();
});

describe('shop URL search', () => {
  it('keeps zip codes as five-digit text, even when the router decoded them as numbers', () => {
    expect(parseShopSearch({ zip: 60601 })).toMatchObject({ zip: '60601' });
    expect(parseShopSearch({ zip: '02134' })).toMatchObject({ zip: '02134' });
    expect(parseShopSearch({ q: 123 })).toMatchObject({ q: '123' });
  });

  it('drops values that do not fit rather than failing the page', () => {
    expect(parseShopSearch({ zip: '6060', lifestyle: 'gardening', type: 'radio', page: 0 })).toEqual({});
    expect(parseShopSearch({ type: 'tv', lifestyle: 'food-dining', page: '3' })).toEqual({
      type: 'tv',
      lifestyle: 'food-dining',
      page: 3,
    });
  });
});

describe('stored shop search parameters (SPEC section 3)', () => {
  it('default to lifestyle everything/all, media types show all/all, no zip, no search', () => {
    expect(readShopSearch()).toEqual({
      lifestyle: { label: 'Everything', value: 'all' },
      mediaTypes: { label: 'Show all', value: 'all' },
      zip: '',
      search: '',
    });
  });

  it('live in the storefront store next to the token, under adlaneStorefrontStore', () => {
    writeStore({ token: 'abc' });
    writeShopSearch({ ...DEFAULT_SHOP_SEARCH, zip: '60601' });
    expect(STORE_KEY).toBe('adlaneStorefrontStore');
    expect(JSON.parse(storage.getItem('adlaneStorefrontStore') ?? '{}')).toMatchObject({
      token: 'abc',
      shopSearch: { zip: '60601' },
    });
  });

  it('round-trip between the URL and storage, with labels for the stored values', () => {
    const stored = urlToStored(
      { zip: '60601', lifestyle: 'food-dining', type: 'tv', q: 'news' },
      DEFAULT_SHOP_SEARCH,
      true,
    );
    expect(stored).toEqual({
      lifestyle: { label: 'Food & Dining', value: 'food-dining' },
      mediaTypes: { label: 'TV', value: 'tv' },
      zip: '60601',
      search: 'news',
    });
    writeShopSearch(stored);
    expect(storedToUrl(readShopSearch(), true)).toEqual({
      zip: '60601',
      lifestyle: 'food-dining',
      type: 'tv',
      q: 'news',
    });
    expect(storedToUrl(readShopSearch(), false)).toMatchObject({ type: undefined });
  });

  it('leave the stored media type alone on pages that do not choose it', () => {
    const previous = urlToStored({ type: 'ctv' }, DEFAULT_SHOP_SEARCH, true);
    expect(urlToStored({ zip: '10001' }, previous, false).mediaTypes.value).toBe('ctv');
  });

  it('read junk in storage as the defaults, field by field', () => {
    storage.setItem(
      STORE_KEY,
      JSON.stringify({ shopSearch: { zip: 'nope', lifestyle: { value: 'x' }, search: 42 } }),
    );
    expect(readShopSearch()).toEqual(DEFAULT_SHOP_SEARCH);
    storage.setItem(STORE_KEY, '{not json');
    expect(readStore()).toEqual({});
    expect(readShopSearch()).toEqual(DEFAULT_SHOP_SEARCH);
  });
});
