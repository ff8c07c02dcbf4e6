import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SEARCH, rememberVisitorMarket, writeShopSearch } from '../../src/lib/shopSearch';
import type { StorefrontStore } from '../../src/lib/storage';
import { visitorMarketOf } from '../../src/system/search';

function memoryStore(initial: StorefrontStore = {}) {
  let store = initial;
  return {
    read: () => store,
    write: (patch: Partial<StorefrontStore>) => {
      store = { ...store, ...patch };
    },
  };
}

describe('the visitor’s market, for the site search', () => {
  it('is the market the shop named for the stored zip code', () => {
    const store = memoryStore();
    writeShopSearch({ ...DEFAULT_SHOP_SEARCH, zip: '60601' }, store.write);
    expect(visitorMarketOf(store.read)).toBeNull();
    rememberVisitorMarket('60601', [{ prodcode: 'DMA602' }], store.write);
    expect(visitorMarketOf(store.read)).toBe('DMA602');
  });

  it('ends when the stored zip code is cleared or changed, and is not guessed from several markets', () => {
    const store = memoryStore();
    const search = DEFAULT_SHOP_SEARCH;
    writeShopSearch({ ...search, zip: '60601' }, store.write);
    rememberVisitorMarket('60601', [{ prodcode: 'DMA602' }], store.write);
    writeShopSearch({ ...search, zip: '' }, store.write);
    expect(visitorMarketOf(store.read)).toBeNull();
    writeShopSearch({ ...search, zip: '19103' }, store.write);
    expect(visitorMarketOf(store.read)).toBeNull();
    rememberVisitorMarket('19103', [{ prodcode: 'DMA504' }, { prodcode: 'DMA505' }], store.write);
    expect(visitorMarketOf(store.read)).toBeNull();
    // Junk in storage reads as no market.
    store.write({ visitorMarket: { zip: '19103', prodcode: 7 } });
    expect(visitorMarketOf(store.read)).toBeNull();
  });
});
