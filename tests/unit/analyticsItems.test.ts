import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushAnalytics } from '../../src/lib/analytics';
import { groupAnalyticsItems, toAnalyticsItem } from '../../src/lib/analyticsItems';

const magazine = {
  mediacode: 'PM508-02',
  media_type: 'printmag',
  unit_price: 8075,
  market: 'Chicago, IL',
  name: 'House Beautiful: Chicago edition',
  issue: '2027/09',
  date_start: null,
};

describe('analytics item mapping (SPEC section 3)', () => {
  it('maps a media record: id, name, price, market, variant, delivery from the issue, quantity 1', () => {
    expect(toAnalyticsItem(magazine)).toEqual({
      id: 'PM508-02',
      name: 'printmag - House Beautiful: Chicago edition',
      price: 8075,
      market: 'Chicago, IL',
      variant: 'printmag',
      delivery_year: '2027',
      delivery_month: '09',
      quantity: 1,
    });
  });

  it('maps a cart item: the summary title, qty, and delivery from the first two parts of date_start', () => {
    const item = toAnalyticsItem({
      mediacode: 'TV508-01',
      media_type: 'tv',
      unit_price: 1250,
      market: 'Chicago, IL',
      summary: { summary_title: 'WXYZ-TV 7 (NBC)' },
      issue: null,
      date_start: '2027-03-08',
      qty: 10,
    });
    expect(item).toMatchObject({
      name: 'tv - WXYZ-TV 7 (NBC)',
      delivery_year: '2027',
      delivery_month: '03',
      quantity: 10,
    });
  });

  it('prefers the issue over date_start, and leaves delivery empty when there is neither', () => {
    expect(toAnalyticsItem({ ...magazine, date_start: '2028-01-01' })).toMatchObject({
      delivery_year: '2027',
      delivery_month: '09',
    });
    expect(toAnalyticsItem({ ...magazine, issue: null })).toMatchObject({
      delivery_year: '',
      delivery_month: '',
    });
  });

  it('groups items under an upper-cased key', () => {
    const tv = toAnalyticsItem({ ...magazine, mediacode: 'TV1', media_type: 'tv' });
    const groups = groupAnalyticsItems([
      toAnalyticsItem(magazine),
      tv,
      toAnalyticsItem({ ...magazine, mediacode: 'PM2' }),
    ]);
    expect(Object.keys(groups)).toEqual(['PRINTMAG', 'TV']);
    expect(groups.PRINTMAG?.map((i) => i.id)).toEqual(['PM508-02', 'PM2']);
    expect(Object.keys(groupAnalyticsItems([tv], (i) => i.market))).toEqual(['CHICAGO, IL']);
  });
});

describe('pushing analytics events', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('pushes to dataLayer, and to gtag with the e-commerce fields flat when a tag is configured', () => {
    const gtag = vi.fn();
    const win: { dataLayer?: unknown[]; gtag: typeof gtag } = { gtag };
    vi.stubGlobal('window', win);
    const ecommerce = { currency: 'USD', value: 10, items: [{ item_id: 'PM501-01' }] };
    pushAnalytics('add_to_cart', { ecommerce }, 'G-TEST');
    expect(win.dataLayer).toEqual([{ event: 'add_to_cart', ecommerce }]);
    expect(gtag).toHaveBeenCalledWith('event', 'add_to_cart', ecommerce);
  });

  it('without a tag, only the data layer hears the event', () => {
    const gtag = vi.fn();
    const win: { dataLayer?: unknown[]; gtag: typeof gtag } = { gtag };
    vi.stubGlobal('window', win);
    pushAnalytics('add_to_cart', { value: 10 }, '');
    expect(win.dataLayer).toEqual([{ event: 'add_to_cart', value: 10 }]);
    expect(gtag).not.toHaveBeenCalled();
  });

  it('logs a failed push as "Error pushing analytics event:" and does not throw', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('window', {
      dataLayer: [],
      gtag: () => {
        throw new Error('blocked');
      },
    });
    expect(() => pushAnalytics('purchase', {}, 'G-TEST')).not.toThrow();
    expect(error).toHaveBeenCalledWith('Error pushing analytics event:', expect.any(Error));
    error.mockRestore();
  });
});
