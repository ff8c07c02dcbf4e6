import type { Cart } from '../../contract/cart';
import { emptyCart } from './fakeApp';

/** A request the test answers when it chooses. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A cart holding one item of the title given. */
export const cartWith = (uuid: string, title: string): Cart => ({
  ...emptyCart(uuid),
  total: 26_000,
  total_formatted: '$26,000',
  contents: {
    items: [
      {
        id: 11,
        image: '/i.svg',
        price_formatted: '$26,000',
        order: null,
        summary: { summary_title: title, summary_line_1: '', summary_line_2: '' },
        mediacode: 'AB508-01',
        media_type: 'abdm',
        market: 'Chicago, IL',
        price: 26_000,
        unit_price: 26_000,
        qty: 1,
        dates: ['2027-03-01'],
        issue: null,
        date_start: '2027-03-01',
        created_at: '2027-01-11T09:00:00Z',
      },
    ],
  },
});
