import { createActor, fromPromise } from 'xstate';
import type { AreaGeometry } from '../../contract/directMail';
import { eddmMachine, type LoadedZip } from '../../machines/eddm/eddm.machine';
import {
  createEddmCampaign,
  fetchEddmCart,
  fetchEddmMediaType,
  fetchEddmZip,
  fetchRouteBounds,
  fetchZipGeometry,
  saveEddmCart,
} from '../api/directMail';
import { fetchAvailability } from '../api/market';
import type { AppSystem } from './app';

/** Route shapes load a few at a time: a zip code has up to a few dozen routes. */
async function shapesOf(routecodes: readonly string[]): Promise<Record<string, AreaGeometry>> {
  const shapes: Record<string, AreaGeometry> = {};
  const queue = [...routecodes];
  const worker = async () => {
    for (let code = queue.shift(); code; code = queue.shift())
      shapes[code] = (await fetchRouteBounds(code)).geometry;
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return shapes;
}

async function loadZip({ zip }: { zip: string }): Promise<LoadedZip> {
  const [area, outline] = await Promise.all([fetchEddmZip(zip), fetchZipGeometry(zip)]);
  return { area, outline, shapes: await shapesOf(area.routes.map((r) => r.routecode)) };
}

/**
 * The every-door page's actor, created the first time the page opens and kept by the app
 * (`app.pageActor`), so a selection in progress outlives a visit to another page.
 */
export const createEddmActor = ({ env, cart, toasts, actorOptions }: AppSystem) =>
  createActor(
    eddmMachine.provide({
      actors: {
        loadZip: fromPromise(({ input }) => loadZip(input)),
        loadCart: fromPromise(({ input }) => fetchEddmCart(input.cartId)),
        saveCart: fromPromise(({ input }) =>
          saveEddmCart(input.cartId, { routes: input.routes, residential_only: input.residentialOnly }),
        ),
        loadMediaType: fromPromise(() => fetchEddmMediaType()),
        loadWeeks: fromPromise(({ input }) => fetchAvailability(input.mediacode, null)),
        createCampaign: fromPromise(async ({ input }) => {
          const result = await createEddmCampaign({
            date_start: input.dateStart,
            eddmcartid: input.eddmCartId,
            cartid: input.cartId,
          });
          if (!result.ok) throw new Error('Error adding new item', { cause: { message: result.message } });
          return result.data;
        }),
      },
      actions: {
        rememberCartId: (_, { cartId }) =>
          cartId ? env.store.write({ eddmCartId: cartId }) : env.store.remove('eddmCartId'),
        campaignCreated: (_, { cart: answered }) => {
          cart.send({ type: 'cart.replaced', cart: answered });
          toasts.send({
            type: 'toast.show',
            variant: 'success',
            message: `Added to your cart: ${answered.contents.items[0]?.summary.summary_title ?? 'your every-door mailing'}.`,
          });
        },
      },
    }),
    { ...actorOptions, systemId: 'eddm', input: { cartId: env.store.read().eddmCartId ?? null } },
  ).start();

export type EddmActor = ReturnType<typeof createEddmActor>;
