import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Cart } from '../../contract/cart';
import type { AbdmQuote, AbdmRates } from '../../contract/directMail';
import type { Result } from '../../src/api/result';
import { type AbdmApi, abdmLogic } from '../../src/system/abdm';
import { stopWhenSettled } from '../../src/system/hooks/useFlowActor';
import { fakeApp, flush } from './fakeApp';
import { cartWith, deferred } from './flowHarness';

const CART = '6f1d2c9e-5b7a-4c31-9a0e-2d4b8f7c1a11';

const rates: AbdmRates = {
  rates: [
    {
      mediacode: 'AB508-01',
      list: 'New homeowners',
      name: 'New homeowners, Chicago',
      prodcode: 'MKT508',
      market: 'Chicago, IL',
      per_thousand_cents: 65_000,
      per_thousand_formatted: '$650',
    },
  ],
  minimum_pieces: 500,
  maximum_zipcodes: 50,
};

const quote: AbdmQuote = {
  mediacode: 'AB508-01',
  list: 'New homeowners',
  zipcodes: [{ zip: '60614', city: 'Chicago', state: 'IL', households: 10_000, matching: 600 }],
  pieces: 600,
  per_thousand_cents: 65_000,
  total_cents: 39_000,
  total_formatted: '$390',
  minimum_pieces: 500,
  meets_minimum: true,
  drop_weeks: ['2027-03-01', '2027-03-08'],
};

/** The audience-mail flow as the shop's page creates it, on a whole fake app, with a fake API. */
function openPanel(
  harness: ReturnType<typeof fakeApp>,
  add: () => Promise<Result<Cart>>,
  answerQuote: () => Promise<Result<AbdmQuote>> = async () => ({ ok: true, data: quote, message: 'Quoted.' }),
) {
  const asked: string[] = [];
  const api: AbdmApi = {
    fetchAbdmRates: async (query) => {
      asked.push(`rates ${query?.zip ?? ''}`);
      return rates;
    },
    quoteAbdm: (mediacode, zipcodes) => {
      asked.push(`quote ${mediacode} ${zipcodes.join(',')}`);
      return answerQuote();
    },
    createAbdmCampaign: (body) => {
      asked.push(
        `create ${body.mediacode} ${body.zipcodes.join(',')} ${body.date_start} into ${body.cartid}`,
      );
      return add();
    },
  };
  const abdm = createActor(abdmLogic(harness.app, api), {
    ...harness.app.actorOptions,
    input: { zip: '60614', productName: 'Adlane' },
  }).start();
  return { abdm, asked };
}

const toastMessages = (harness: ReturnType<typeof fakeApp>) =>
  harness.app.toasts.getSnapshot().context.toasts.map((t) => t.message);

describe('audience mail as the app provides it (src/system/abdm.ts)', () => {
  it('asks the API through its seam: the lists around the zip code, the quote, and the add into the session’s cart', async () => {
    const harness = fakeApp({ cookies: { adlane_cart_id: CART } });
    const answered = cartWith(CART, 'New homeowners, 60614');
    const { abdm, asked } = openPanel(harness, async () => ({ ok: true, data: answered, message: 'Added.' }));
    await flush();
    abdm.send({ type: 'abdm.quoteRequested' });
    await flush();
    abdm.send({ type: 'abdm.addRequested' });
    await flush();
    expect(asked).toEqual([
      'rates 60614',
      'quote AB508-01 60614',
      `create AB508-01 60614 2027-03-01 into ${CART}`,
    ]);
    expect(harness.app.session.getSnapshot().context.cart).toBe(answered);
    expect(toastMessages(harness)).toEqual(['Added to your cart: New homeowners, 60614.']);
    abdm.stop();
    harness.app.stop();
  });

  it('the panel closing while the mailing goes into the cart (another zip code, another page): the cart and the toast still get the answer, then it stops', async () => {
    const harness = fakeApp({ cookies: { adlane_cart_id: CART } });
    const add = deferred<Result<Cart>>();
    const { abdm } = openPanel(harness, () => add.promise);
    await flush();
    abdm.send({ type: 'abdm.quoteRequested' });
    await flush();
    abdm.send({ type: 'abdm.addRequested' });
    expect(abdm.getSnapshot().hasTag('committing')).toBe(true);

    // The route keys the panel by zip code: choosing another one unmounts it (useFlowActor's stop).
    stopWhenSettled(abdm);
    await flush();
    expect(abdm.getSnapshot().status).toBe('active');

    const answered = cartWith(CART, 'New homeowners, 60614');
    add.resolve({ ok: true, data: answered, message: 'Added.' });
    await flush();
    expect(harness.app.session.getSnapshot().context.cart).toBe(answered);
    expect(toastMessages(harness)).toEqual(['Added to your cart: New homeowners, 60614.']);
    expect(abdm.getSnapshot().status).toBe('stopped');
    harness.app.stop();
  });

  it('the panel closing while only a quote is on its way stops it at once: nothing was committed', async () => {
    const harness = fakeApp();
    const { abdm, asked } = openPanel(
      harness,
      () => new Promise(() => {}),
      () => new Promise(() => {}),
    );
    await flush();
    abdm.send({ type: 'abdm.quoteRequested' });
    expect(asked).toEqual(['rates 60614', 'quote AB508-01 60614']);
    expect(abdm.getSnapshot().hasTag('quoting')).toBe(true);
    stopWhenSettled(abdm);
    expect(abdm.getSnapshot().status).toBe('stopped');
    harness.app.stop();
  });

  it('the panel closing while an add gets no answer: it stops once the 30 s for it are up', async () => {
    const harness = fakeApp({ cookies: { adlane_cart_id: CART } });
    const { abdm } = openPanel(harness, () => new Promise(() => {}));
    await flush();
    abdm.send({ type: 'abdm.quoteRequested' });
    await flush();
    abdm.send({ type: 'abdm.addRequested' });
    stopWhenSettled(abdm);
    harness.clock.increment(29_999);
    expect(abdm.getSnapshot().status).toBe('active');
    harness.clock.increment(1);
    expect(abdm.getSnapshot().status).toBe('stopped');
    expect(toastMessages(harness)).toEqual([]);
    harness.app.stop();
  });
});
