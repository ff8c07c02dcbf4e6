import { and, assign, enqueueActions, fromPromise, setup, stateIn } from 'xstate';
import type { Cart } from '../../contract/cart';
import type {
  AreaGeometry,
  CarrierRoute,
  EddmCart,
  EddmPricing,
  EddmZip,
  ZipGeometry,
} from '../../contract/directMail';

/** A zip code on the map: its routes with their counts, its area, and each route's shape. */
export interface LoadedZip {
  area: EddmZip;
  outline: ZipGeometry;
  shapes: Record<string, AreaGeometry>;
}

export type EddmEvent =
  /** A zip code was chosen (typed, or picked from the place search: SPEC's "result select"). */
  | { type: 'eddm.zipChosen'; zip: string }
  /** A route was clicked on the map or ticked in the list. */
  | { type: 'eddm.routeToggled'; routecode: string }
  /** SPEC's "route remove": a route taken out of the selection. */
  | { type: 'eddm.routeRemoved'; routecode: string }
  | { type: 'eddm.allRoutesSelected' }
  | { type: 'eddm.selectionCleared' }
  | { type: 'eddm.residentialOnlyToggled' }
  /** SPEC's "map hover route" and "cart hover route": the route under the pointer, on the map or in the list. */
  | { type: 'eddm.routeHovered'; routecode: string | null }
  | { type: 'eddm.retry' }
  /** Internal: changes made during the restore are to be saved. */
  | { type: 'eddm.saveNeeded' }
  | { type: 'eddm.campaignRequested'; dateStart: string; cartId: string | null };

export interface EddmContext {
  zip: string | null;
  loaded: LoadedZip | null;
  loadError: string | null;
  /** The selection, in the order it was made; routes may come from several zip codes. */
  selected: CarrierRoute[];
  residentialOnly: boolean;
  hovered: string | null;
  /** The saved selection (POST /eddm/cart), kept across reloads by its id. */
  cartId: string | null;
  /** The pricing of every zip code seen (loaded, or of a restored selection), by zip code. */
  zipPricing: Record<string, EddmPricing>;
  /** The selection changed while a save (or the restore) was under way: save again after it. */
  dirty: boolean;
  saveError: string | null;
  campaignError: string | null;
}

const messageOf = (error: unknown, fallback: string) => {
  const cause = error instanceof Error ? (error.cause as { message?: string } | undefined) : undefined;
  return cause?.message || fallback;
};

const without = (routes: CarrierRoute[], routecode: string) =>
  routes.filter((r) => r.routecode !== routecode);
const zipOf = (routecode: string) => routecode.slice(0, 5);

/** Selection changes while a save or the restore is under way: applied at once, saved after it. */
const CHANGES_WHILE_BUSY = {
  'eddm.routeToggled': { actions: ['toggleRoute', 'markDirty'] },
  'eddm.routeRemoved': { actions: ['removeRoute', 'markDirty'] },
  'eddm.allRoutesSelected': { actions: ['selectAllRoutes', 'markDirty'] },
  'eddm.selectionCleared': { actions: ['clearShownRoutes', 'markDirty'] },
  'eddm.residentialOnlyToggled': { actions: ['toggleResidentialOnly', 'markDirty'] },
} as const;

/**
 * Every-door direct mail (SPEC sections 2 and 7): choose a zip code, select carrier routes on the
 * map or in the list, see pieces and cost at once, and turn the selection into a cart item. The
 * selection is saved (debounced, SPEC's 1,000 ms) as an EDDM cart, so it survives reloads.
 */
export const eddmMachine = setup({
  types: {
    context: {} as EddmContext,
    events: {} as EddmEvent,
    input: {} as { cartId: string | null },
  },
  actors: {
    loadZip: fromPromise<LoadedZip, { zip: string }>(async () => {
      throw new Error('loadZip is supplied where the actor is created');
    }),
    loadCart: fromPromise<EddmCart, { cartId: string }>(async () => {
      throw new Error('loadCart is supplied where the actor is created');
    }),
    saveCart: fromPromise<EddmCart, { cartId: string | null; routes: string[]; residentialOnly: boolean }>(
      async () => {
        throw new Error('saveCart is supplied where the actor is created');
      },
    ),
    /** Resolves with the main cart, or rejects with the API's sentence. */
    createCampaign: fromPromise<Cart, { dateStart: string; eddmCartId: string; cartId: string | null }>(
      async () => {
        throw new Error('createCampaign is supplied where the actor is created');
      },
    ),
  },
  actions: {
    toggleRoute: assign(({ context, event }) => {
      if (event.type !== 'eddm.routeToggled') return {};
      if (context.selected.some((r) => r.routecode === event.routecode))
        return { selected: without(context.selected, event.routecode) };
      const route = context.loaded?.area.routes.find((r) => r.routecode === event.routecode);
      return route ? { selected: [...context.selected, route] } : {};
    }),
    removeRoute: assign(({ context, event }) =>
      event.type === 'eddm.routeRemoved'
        ? {
            selected: without(context.selected, event.routecode),
            hovered: context.hovered === event.routecode ? null : context.hovered,
          }
        : {},
    ),
    selectAllRoutes: assign(({ context }) => {
      const chosen = new Set(context.selected.map((r) => r.routecode));
      const routes = context.loaded?.area.routes ?? [];
      return { selected: [...context.selected, ...routes.filter((r) => !chosen.has(r.routecode))] };
    }),
    // Only the routes of the zip code shown: a selection elsewhere is removed route by route.
    clearShownRoutes: assign(({ context }) => ({
      selected: context.selected.filter((r) => zipOf(r.routecode) !== context.zip),
    })),
    toggleResidentialOnly: assign(({ context }) => ({ residentialOnly: !context.residentialOnly })),
    markDirty: assign({ dirty: true }),
    // Effects, supplied where the actor is created.
    rememberCartId: (_, _params: { cartId: string | null }) => {},
    campaignCreated: (_, _params: { cart: Cart }) => {},
  },
  guards: {
    canCreateCampaign: ({ context }) => context.cartId !== null && context.selected.length > 0,
  },
  delays: { saveDebounce: 1_000 },
}).createMachine({
  id: 'eddm',
  type: 'parallel',
  context: ({ input }) => ({
    zip: null,
    loaded: null,
    loadError: null,
    selected: [],
    residentialOnly: false,
    hovered: null,
    cartId: input.cartId,
    zipPricing: {},
    dirty: false,
    saveError: null,
    campaignError: null,
  }),
  on: {
    'eddm.routeHovered': { actions: assign({ hovered: ({ event }) => event.routecode }) },
  },
  states: {
    /** The zip code shown on the map and in the list. */
    area: {
      initial: 'empty',
      on: {
        'eddm.zipChosen': {
          guard: ({ context, event }) => event.zip !== context.zip || context.loadError !== null,
          target: '.loading',
          actions: assign({ zip: ({ event }) => event.zip, loadError: null, hovered: null }),
        },
      },
      states: {
        empty: {},
        loading: {
          tags: ['loadingZip'],
          invoke: {
            src: 'loadZip',
            input: ({ context }) => ({ zip: context.zip ?? '' }),
            onDone: {
              target: 'shown',
              actions: assign({
                loaded: ({ event }) => event.output,
                zipPricing: ({ context, event }) => ({
                  ...context.zipPricing,
                  [event.output.area.zip]: event.output.area.pricing,
                }),
              }),
            },
            onError: {
              target: 'failed',
              actions: assign({
                loaded: null,
                loadError: ({ event }) => messageOf(event.error, 'The carrier routes could not be loaded.'),
              }),
            },
          },
        },
        shown: {},
        failed: { on: { 'eddm.retry': 'loading' } },
      },
    },

    /** The selection, and saving it as an EDDM cart a second after the last change. */
    selection: {
      initial: 'restoring',
      on: {
        'eddm.routeToggled': { target: '.changed', actions: 'toggleRoute' },
        'eddm.routeRemoved': { target: '.changed', actions: 'removeRoute' },
        'eddm.allRoutesSelected': { target: '.changed', actions: 'selectAllRoutes' },
        'eddm.selectionCleared': { target: '.changed', actions: 'clearShownRoutes' },
        'eddm.residentialOnlyToggled': { target: '.changed', actions: 'toggleResidentialOnly' },
      },
      states: {
        restoring: {
          always: { guard: ({ context }) => context.cartId === null, target: 'saved' },
          // Changes made meanwhile are kept, added to the restored selection, and saved after it.
          on: CHANGES_WHILE_BUSY,
          invoke: {
            src: 'loadCart',
            input: ({ context }) => ({ cartId: context.cartId ?? '' }),
            onDone: {
              target: 'saved',
              actions: enqueueActions(({ context, event, enqueue }) => {
                const { routes, residential_only, pricing } = event.output;
                const restored = new Set(routes.map((r) => r.routecode));
                const first = routes[0];
                enqueue.assign({
                  selected: [...routes, ...context.selected.filter((r) => !restored.has(r.routecode))],
                  residentialOnly: context.dirty ? context.residentialOnly : residential_only,
                  zipPricing: first
                    ? { ...context.zipPricing, [zipOf(first.routecode)]: pricing }
                    : context.zipPricing,
                });
                // Back where the visitor left off: the zip code of the selection's first route.
                if (first && context.zip === null)
                  enqueue.raise({ type: 'eddm.zipChosen', zip: zipOf(first.routecode) });
                if (context.dirty) enqueue.raise({ type: 'eddm.saveNeeded' });
              }),
            },
            // A selection that is gone (or unreadable) is forgotten: the page starts empty.
            onError: {
              target: 'saved',
              actions: [assign({ cartId: null }), { type: 'rememberCartId', params: { cartId: null } }],
            },
          },
        },
        saved: { on: { 'eddm.saveNeeded': 'changed' } },
        /** Changed since the last save; saved when the changes pause. */
        changed: {
          tags: ['unsaved'],
          entry: assign({ dirty: false }),
          after: { saveDebounce: 'saving' },
        },
        saving: {
          tags: ['unsaved', 'saving'],
          // One save at a time, so they cannot arrive out of order: changes meanwhile are saved next.
          on: CHANGES_WHILE_BUSY,
          invoke: {
            src: 'saveCart',
            input: ({ context }) => ({
              cartId: context.cartId,
              routes: context.selected.map((r) => r.routecode),
              residentialOnly: context.residentialOnly,
            }),
            onDone: [
              {
                guard: ({ context }) => context.dirty,
                target: 'changed',
                actions: [
                  assign({ cartId: ({ event }) => event.output.id, saveError: null, dirty: false }),
                  { type: 'rememberCartId', params: ({ event }) => ({ cartId: event.output.id }) },
                ],
              },
              {
                target: 'saved',
                actions: [
                  assign({ cartId: ({ event }) => event.output.id, saveError: null }),
                  { type: 'rememberCartId', params: ({ event }) => ({ cartId: event.output.id }) },
                ],
              },
            ],
            onError: {
              target: 'saveFailed',
              actions: assign({
                saveError: ({ event }) => messageOf(event.error, 'Your selection could not be saved.'),
              }),
            },
          },
        },
        saveFailed: {
          tags: ['unsaved'],
          on: { 'eddm.retry': 'saving' },
        },
      },
    },

    /** Turning the saved selection into an item of the main cart. */
    campaign: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'eddm.campaignRequested': {
              // From the saved selection only: what is ordered is what the page shows.
              guard: and(['canCreateCampaign', stateIn({ selection: 'saved' })]),
              target: 'creating',
              actions: assign({ campaignError: null }),
            },
          },
        },
        creating: {
          tags: ['creatingCampaign'],
          invoke: {
            src: 'createCampaign',
            input: ({ context, event }) => {
              const request = event as Extract<EddmEvent, { type: 'eddm.campaignRequested' }>;
              return {
                dateStart: request.dateStart,
                eddmCartId: context.cartId ?? '',
                cartId: request.cartId,
              };
            },
            onDone: {
              target: 'idle',
              actions: { type: 'campaignCreated', params: ({ event }) => ({ cart: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: assign({
                campaignError: ({ event }) => messageOf(event.error, 'Error adding new item'),
              }),
            },
          },
        },
      },
    },
  },
});

export type EddmMachine = typeof eddmMachine;

/**
 * The price per 1,000 of the selection, as the API prices it: that of its first route's zip code;
 * with nothing selected, that of the zip code shown.
 */
export function selectionPricing(context: EddmContext): EddmPricing | null {
  const first = context.selected[0];
  if (first) return context.zipPricing[zipOf(first.routecode)] ?? null;
  return context.loaded?.area.pricing ?? null;
}
