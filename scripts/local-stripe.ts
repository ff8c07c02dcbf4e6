/**
 * `tsx scripts/local-stripe.ts`: the Stripe stand-in on its own (tests/support/localStripe), for
 * `npm run dev` with card payments and no Stripe account. It prints the lines to start the server
 * with; its events go to that server's webhook.
 */
import { startLocalStripe } from '../tests/support/localStripe';

const port = Number(process.env.LOCAL_STRIPE_PORT || 12111);
const server = process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`;
const secretKey = 'sk_test_local';
const webhookSecret = 'whsec_local';

const standIn = await startLocalStripe({
  secretKey,
  webhookSecret,
  clock: () => new Date(),
  deliver: `${server}/api/v1/webhooks/stripe`,
  port,
});
console.log(`Stripe stand-in on ${standIn.apiBase}; events go to ${server}/api/v1/webhooks/stripe.`);
console.log('Start the server with:');
console.log(
  `  STRIPE_SECRET_KEY=${secretKey} STRIPE_WEBHOOK_SECRET=${webhookSecret} STRIPE_API_BASE=${standIn.apiBase} npm run dev`,
);

const stop = async () => {
  await standIn.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
