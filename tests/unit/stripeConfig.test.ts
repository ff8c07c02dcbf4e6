import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/config';

/*
 * Card payments of issue 30: Stripe's two keys come together or not at all, each with Stripe's own
 * prefix; the stand-in's address is refused in production. The messages name the variable and
 * never repeat a key.
 */
const SECRET = 'sk_test_51local';
const WEBHOOK = 'whsec_local0secret';

describe('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET', () => {
  it('turns card payments off when neither is set', () => {
    expect(readServerConfig({}).stripe).toBeNull();
    expect(readServerConfig({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }).stripe).toBeNull();
  });

  it('turns them on with both, calling api.stripe.com', () => {
    expect(readServerConfig({ STRIPE_SECRET_KEY: SECRET, STRIPE_WEBHOOK_SECRET: WEBHOOK }).stripe).toEqual({
      secretKey: SECRET,
      webhookSecret: WEBHOOK,
      api: null,
    });
    expect(
      readServerConfig({ STRIPE_SECRET_KEY: 'rk_live_abc', STRIPE_WEBHOOK_SECRET: WEBHOOK }).stripe
        ?.secretKey,
    ).toBe('rk_live_abc');
  });

  it('stops the start when one is set alone, naming the missing one', () => {
    expect(() => readServerConfig({ STRIPE_SECRET_KEY: SECRET })).toThrow(
      'STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is missing: set both or neither.',
    );
    expect(() => readServerConfig({ STRIPE_WEBHOOK_SECRET: WEBHOOK })).toThrow(
      'STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is missing: set both or neither.',
    );
  });

  it.each([
    [
      'pk_test_publishable',
      WEBHOOK,
      'STRIPE_SECRET_KEY must be a secret or restricted key from Stripe (sk_… or rk_…).',
    ],
    [
      SECRET,
      'sk_test_wrongone',
      "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret from Stripe (whsec_…).",
    ],
  ])('refuses a key of the wrong kind (%s, %s) without repeating it', (secretKey, webhookSecret, message) => {
    expect(() =>
      readServerConfig({ STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret }),
    ).toThrow(message);
  });
});

describe('STRIPE_API_BASE', () => {
  const keys = { STRIPE_SECRET_KEY: SECRET, STRIPE_WEBHOOK_SECRET: WEBHOOK };

  it('points the calls at the stand-in outside production', () => {
    expect(readServerConfig({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe?.api).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
  });

  it('stops a production start that sets it', () => {
    expect(() =>
      readServerConfig({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111', NODE_ENV: 'production' }),
    ).toThrow('STRIPE_API_BASE points payments at a stand-in; it cannot be set with NODE_ENV=production.');
  });

  it.each(['127.0.0.1:12111', 'ftp://stripe.local', 'http://127.0.0.1:12111/v1'])('refuses %j', (base) => {
    expect(() => readServerConfig({ ...keys, STRIPE_API_BASE: base })).toThrow(
      `STRIPE_API_BASE must be an address like http://127.0.0.1:12111, got "${base}".`,
    );
  });
});

describe('CHECKOUT_PAYMENT_MINUTES', () => {
  it.each([
    [undefined, 30],
    ['45', 45],
    ['1440', 1440],
  ])('reads %j as %i minutes', (value, minutes) => {
    expect(readServerConfig({ CHECKOUT_PAYMENT_MINUTES: value }).checkoutPaymentMinutes).toBe(minutes);
  });

  it.each(['29', '1441', '30.5', 'half an hour'])(
    'refuses %j: Stripe keeps a session open 30 min to 24 h',
    (value) => {
      expect(() => readServerConfig({ CHECKOUT_PAYMENT_MINUTES: value })).toThrow(
        `CHECKOUT_PAYMENT_MINUTES must be a whole number of minutes from 30 to 1440, got "${value}".`,
      );
    },
  );
});
