/**
 * `npx tsx scripts/bench-routes.ts`: the server half of `npm run bench:map` on this checkout alone,
 * quicker to run (no app build, no previous release): how fast a zip code's routes answer from cache,
 * with the generated routes (the bench's zip codes) and with EDDM_ROUTES=usps on the local stand-in of
 * USPS's service (its two zip codes: the answers come from the server's memory cache after the first).
 */
import { startUspsRouteService } from '../tests/support/uspsRouteService';
import { thisCheckout } from './baseline';
import { withTeardown } from './benchTeardown';
import { buildCheckout, startServer } from './checkoutServer';
import { measureRouteAnswers, printRouteAnswers } from './routeAnswers';

/** The zip codes `npm run bench:map` visits. */
const MAP_ZIPS = ['60614', '10001', '94110', '30303', '80202'];

async function main() {
  await withTeardown(async (teardown) => {
    const checkout = thisCheckout();
    console.log('Building the server bundle...');
    await buildCheckout(checkout, { app: false });
    const service = await startUspsRouteService();
    teardown.add(() => service.close());
    const [generated, usps] = await Promise.all([
      startServer(checkout, teardown),
      startServer(checkout, teardown, {
        variant: 'usps',
        env: { EDDM_ROUTES: 'usps', EDDM_ROUTES_URL: service.baseUrl },
      }),
    ]);
    if (!generated || !usps) throw new Error('The servers did not start.');
    const times = [
      ...(await measureRouteAnswers(
        [{ label: `${checkout.commit} generated`, url: generated.url }],
        MAP_ZIPS,
      )),
      ...(await measureRouteAnswers(
        [{ label: `${checkout.commit} usps`, url: usps.url }],
        ['60614', '60657'],
      )),
    ];
    printRouteAnswers(times);
  });
}

main().catch((error: unknown) => {
  console.error(
    error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}` : error,
  );
  process.exit(1);
});
