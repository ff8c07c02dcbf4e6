/** Stripe as the server is configured; null when `STRIPE_SECRET_KEY` and `STRIPE_WEBHOOK_SECRET` are unset. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where the API calls go instead of api.stripe.com (`STRIPE_API_BASE`): the local stand-in, never in production. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | null;
}

/**
 * Both keys or neither: a server with only one would take payments it can never hear about, or hear
 * about payments it cannot check. The keys are never logged; messages name the variable only.
 */
export function readStripeSettings(env: NodeJS.ProcessEnv): StripeSettings | null {
  const secretKey = env.STRIPE_SECRET_KEY ?? '';
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET ?? '';
  const apiBase = env.STRIPE_API_BASE ?? '';
  if (apiBase !== '' && env.NODE_ENV === 'production')
    throw new Error(
      'STRIPE_API_BASE points payments at a stand-in; it cannot be set with NODE_ENV=production.',
    );
  if (secretKey === '' && webhookSecret === '') {
    if (apiBase !== '')
      throw new Error('STRIPE_API_BASE is set but STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not.');
    return null;
  }
  if (secretKey === '')
    throw new Error('STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is missing: set both or neither.');
  if (webhookSecret === '')
    throw new Error('STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is missing: set both or neither.');
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey))
    throw new Error('STRIPE_SECRET_KEY must be a secret or restricted key from Stripe (sk_… or rk_…).');
  if (!/^whsec_\w+$/.test(webhookSecret))
    throw new Error(
      "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret from Stripe (whsec_…).",
    );
  return { secretKey, webhookSecret, api: apiBase === '' ? null : apiOf(apiBase) };
}

function apiOf(base: string): NonNullable<StripeSettings['api']> {
  const url = URL.canParse(base) ? new URL(base) : null;
  const protocol = url?.protocol === 'http:' ? 'http' : url?.protocol === 'https:' ? 'https' : null;
  if (url === null || protocol === null || url.pathname.replace(/\/+$/, '') !== '')
    throw new Error(`STRIPE_API_BASE must be an address like http://127.0.0.1:12111, got "${base}".`);
  const port = url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port);
  return { host: url.hostname, port, protocol };
}

/** How long a card checkout waits for its payment (`CHECKOUT_PAYMENT_MINUTES`, 30 to 1440; Stripe's own bounds). */
export function checkoutPaymentMinutes(value: string | undefined): number {
  if (value === undefined || value === '') return 30;
  const minutes = Number(value);
  if (!Number.isInteger(minutes) || minutes < 30 || minutes > 1440)
    throw new Error(
      `CHECKOUT_PAYMENT_MINUTES must be a whole number of minutes from 30 to 1440, got "${value}".`,
    );
  return minutes;
}
