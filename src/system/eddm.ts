import { createActor, enqueueActions, fromPromise } from 'xstate';
import type { Cart } from '../../contract/cart';
import { carrierRoute, type RouteShape, routeFilters, type ZipGeometry } from '../../contract/directMail';
import { type EddmEvent, eddmMachine, type LoadedZip } from '../../machines/eddm/eddm.machine';
import { createEddmCampaign } from '../api/directMail';
import type { AppSystem } from './app';
import { directMailCalls } from './directMailCalls';
import { takeZipEarly } from './eddmEarly';
import { marketCalls } from './marketCalls';
import { dataOr } from './results';

/** The every-door page's API calls (SPEC section 7's /eddm/* and the placement's availability). */
export interface EddmApi
  extends Pick<
    typeof directMailCalls,
    | 'fetchEddmZip'
    | 'fetchZipGeometry'
    | 'fetchRouteBounds'
    | 'fetchEddmCart'
    | 'saveEddmCart'
    | 'fetchEddmMediaType'
    | 'fetchEddmNear'
  > {
  fetchAvailability: typeof marketCalls.fetchAvailability;
  createEddmCampaign: typeof createEddmCampaign;
}

export const eddmApi: EddmApi = {
  fetchEddmZip: directMailCalls.fetchEddmZip,
  fetchZipGeometry: directMailCalls.fetchZipGeometry,
  fetchRouteBounds: directMailCalls.fetchRouteBounds,
  fetchEddmCart: directMailCalls.fetchEddmCart,
  saveEddmCart: directMailCalls.saveEddmCart,
  fetchEddmMediaType: directMailCalls.fetchEddmMediaType,
  fetchEddmNear: directMailCalls.fetchEddmNear,
  fetchAvailability: marketCalls.fetchAvailability,
  createEddmCampaign,
};

/**
 * The zip code's outline carries its routes' shapes; a route it lacks (a route added to the zip's list
 * between the two answers) is asked for on its own, a few at a time.
 */
async function shapesOf(
  api: EddmApi,
  routecodes: readonly string[],
  outline: ZipGeometry,
): Promise<Record<string, RouteShape>> {
  const shapes: Record<string, RouteShape> = {};
  for (const route of outline.routes) shapes[route.routecode] = route.geometry;
  const queue = routecodes.filter((code) => !shapes[code]);
  const worker = async () => {
    for (let code = queue.shift(); code; code = queue.shift())
      shapes[code] = (await api.fetchRouteBounds(code)).geometry;
  };
  await Promise.all(Array.from({ length: Math.min(6, queue.length) }, worker));
  return shapes;
}

async function loadZip(api: EddmApi, zip: string): Promise<LoadedZip> {
  // Issue 34: a deep link's answers, asked for while the app started (src/system/eddmEarly.ts).
  const [area, outline] = await (takeZipEarly(zip) ??
    Promise.all([api.fetchEddmZip(zip), api.fetchZipGeometry(zip)]));
  return {
    area,
    outline,
    shapes: await shapesOf(
      api,
      area.routes.map((r) => r.routecode),
      outline,
    ),
  };
}

/** The every-door machine with its effects: the API, the stored selection's id, the cart and a toast. */
export function eddmLogic({ env, cart, toasts }: Pick<AppSystem, 'env' | 'cart' | 'toasts'>, api = eddmApi) {
  return eddmMachine.provide({
    actors: {
      loadZip: fromPromise(({ input }) => loadZip(api, input.zip)),
      loadCart: fromPromise(({ input }) => api.fetchEddmCart(input.cartId)),
      saveCart: fromPromise(({ input }) =>
        api.saveEddmCart(input.cartId, { routes: input.routes, residential_only: input.residentialOnly }),
      ),
      loadMediaType: fromPromise(() => api.fetchEddmMediaType()),
      loadWeeks: fromPromise(({ input }) => api.fetchAvailability(input.mediacode, null)),
      loadNear: fromPromise(({ input }) => api.fetchEddmNear(input)),
      createCampaign: fromPromise(async ({ input: { dateStart, eddmCartId, cartId } }) => {
        const body = { date_start: dateStart, eddmcartid: eddmCartId, cartid: cartId };
        return dataOr(await api.createEddmCampaign(body), 'Error adding new item');
      }),
    },
    actions: {
      rememberCartId: (_, { cartId }) =>
        cartId ? env.store.write({ eddmCartId: cartId }) : env.store.remove('eddmCartId'),
      rememberWeek: (_, { week }) => env.store.write({ eddmWeek: week }),
      rememberTargeting: (_, { filters, hidden }) =>
        env.store.write({ eddmFilters: filters, eddmHidden: hidden }),
      // Other actors are told with sendTo, which delivers after the every-door actor's own step.
      campaignCreated: enqueueActions(({ enqueue }, { cart: answered }: { cart: Cart }) => {
        enqueue.sendTo(cart, { type: 'cart.replaced', cart: answered });
        enqueue.sendTo(toasts, {
          type: 'toast.show',
          variant: 'success',
          message: `Added to your cart: ${answered.contents.items[0]?.summary.summary_title ?? 'your every-door mailing'}.`,
        });
      }),
    },
  });
}

/**
 * The every-door actor hears the main cart whenever it changes (loaded, added to or taken from, on
 * any page), so it knows which mailings the cart already holds. Answers the way to stop.
 */
export function followCartMailings(
  session: AppSystem['session'],
  eddm: { send(event: EddmEvent): void },
): () => void {
  let heard = session.getSnapshot().context.cart;
  eddm.send({ type: 'eddm.cartChanged', cart: heard });
  const subscription = session.subscribe((snapshot) => {
    if (snapshot.context.cart === heard) return;
    heard = snapshot.context.cart;
    eddm.send({ type: 'eddm.cartChanged', cart: heard });
  });
  return () => subscription.unsubscribe();
}

function createEddmActor(app: AppSystem) {
  const stored = app.env.store.read();
  const actor = createActor(eddmLogic(app), {
    ...app.actorOptions,
    systemId: 'eddm',
    input: {
      cartId: stored.eddmCartId ?? null,
      week: stored.eddmWeek ?? null,
      // Stored by an older page, or edited by hand: what does not read as filters or routes is ignored.
      filters: routeFilters.safeParse(stored.eddmFilters).data ?? null,
      hidden: carrierRoute.array().safeParse(stored.eddmHidden).data ?? null,
    },
  }).start();
  // The actor lives as long as the app: it stops following the cart when it stops.
  const stop = followCartMailings(app.session, actor);
  actor.subscribe({ complete: stop, error: stop });
  return actor;
}

export type EddmActor = ReturnType<typeof createEddmActor>;

/**
 * The every-door page's actor, created the first time the page opens and kept by the app
 * (`app.pageActor`), so a selection in progress outlives a visit to another page.
 */
export const eddmActorOf = (app: AppSystem): EddmActor => app.pageActor('eddm', () => createEddmActor(app));

/** The every-door route's load, as the router hands it to beforeLoad. */
export interface AddressLoad {
  cause: 'enter' | 'stay' | 'preload';
  search: { zip?: string | undefined };
  location: { pathname: string; searchStr: string; hash: string };
  /** The matches loaded; the page's own is the last (it has no child routes). */
  matches: ReadonlyArray<{ invalid: boolean }>;
}

/** Where each every-door actor's page was last loaded: its path and query, and the place on it (hash). */
const loadedAddresses = new WeakMap<object, { page: string; hash: string }>();

/**
 * The page's address names a zip code (`?zip=60614`, a link from elsewhere): the page is sent there,
 * whatever zip code it shows, on each visit to that address: the page opening, a link or back and
 * forward, and a link to the very address the page is on, clicked after the visitor picked another zip
 * code on the page (a pick leaves the address alone). The actor compares it with the zip code it shows
 * (`isOtherZip`): the one shown is left as it is, unless its load failed (then it is tried again).
 *
 * Two loads are not visits, and leave alone a zip code the visitor chose since: the same page loaded
 * again in place (a sign-in elsewhere makes the router invalidate its matches, which marks them
 * `invalid`; a link to the same address only loads again, unmarked), and a move to a place on the page
 * (a new hash, such as the skip link's `#main`, on the same path and query).
 */
export function openAddressZip(actor: { send(event: EddmEvent): void }, load: AddressLoad) {
  const { pathname, searchStr, hash } = load.location;
  const page = `${pathname}${searchStr}`;
  const before = loadedAddresses.get(actor);
  loadedAddresses.set(actor, { page, hash });
  const zip = load.search.zip;
  if (!zip || load.cause === 'preload') return;
  const reloadedInPlace = load.matches.at(-1)?.invalid === true;
  const movedOnPage = before?.page === page && hash !== '' && hash !== before.hash;
  if (load.cause === 'stay' && (reloadedInPlace || movedOnPage)) return;
  actor.send({ type: 'eddm.zipChosen', zip });
}
