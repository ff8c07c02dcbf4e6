import { and, assign, enqueueActions, fromPromise, not, or, type SnapshotFrom, setup, stateIn } from 'xstate';
import type { Cart } from '../../contract/cart';
import { type EddmCart, type EddmMediaType, eddmPieces, zipOfRoute } from '../../contract/directMail';
import type { Availability } from '../../contract/quote';
import { type EddmContext, type EddmEvent, type LoadedZip, pricingMediacode } from './eddm.types';

export {
  type EddmContext,
  type EddmEvent,
  type LoadedZip,
  minimumNotMet,
  pricingMediacode,
  selectionPricing,
} from './eddm.types';

const messageOf = (error: unknown, fallback: string) => {
  const cause = error instanceof Error ? (error.cause as { message?: string } | undefined) : undefined;
  return cause?.message || fallback;
};

const without = (routes: EddmContext['selected'], routecode: string) =>
  routes.filter((r) => r.routecode !== routecode);

/** The drop weeks offered: the open ones, soonest first, at most this many. */
const SHOWN_DROP_WEEKS = 12;

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
 * selection is saved (debounced, SPEC's 1,000 ms) as an EDDM cart, so it survives reloads. The
 * campaign needs USPS's minimum of pieces (the media type's) and a drop week of the placement that
 * prices the selection.
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
    /** GET /media/type/eddm. */
    loadMediaType: fromPromise<EddmMediaType>(async () => {
      throw new Error('loadMediaType is supplied where the actor is created');
    }),
    /** The availability of the placement that prices the selection: its drop weeks. */
    loadWeeks: fromPromise<Availability, { mediacode: string }>(async () => {
      throw new Error('loadWeeks is supplied where the actor is created');
    }),
    /** Resolves with the main cart, or rejects with the API's sentence. */
    createCampaign: fromPromise<Cart, { dateStart: string; eddmCartId: string; cartId: string | null }>(
      async () => {
        throw new Error('createCampaign is supplied where the actor is created');
      },
    ),
  },
  actions: {
    hoverRoute: assign((_, params: { routecode: string | null }) => ({ hovered: params.routecode })),
    showZip: assign((_, params: { zip: string }) => ({ zip: params.zip, loadError: null, hovered: null })),
    keepLoadedZip: assign(({ context }, params: { loaded: LoadedZip }) => ({
      loaded: params.loaded,
      zipPricing: { ...context.zipPricing, [params.loaded.area.zip]: params.loaded.area.pricing },
    })),
    showLoadFailure: assign((_, params: { error: unknown }) => ({
      loaded: null,
      loadError: messageOf(params.error, 'The carrier routes could not be loaded.'),
    })),
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
      selected: context.selected.filter((r) => zipOfRoute(r.routecode) !== context.zip),
    })),
    toggleResidentialOnly: assign(({ context }) => ({ residentialOnly: !context.residentialOnly })),
    markDirty: assign({ dirty: true }),
    markClean: assign({ dirty: false }),
    /** The saved selection comes back; changes made meanwhile are kept, added to it, and saved after it. */
    restoreSelection: enqueueActions(({ context, enqueue }, params: { cart: EddmCart }) => {
      const { routes, residential_only, pricing } = params.cart;
      const restored = new Set(routes.map((r) => r.routecode));
      const first = routes[0];
      enqueue.assign({
        selected: [...routes, ...context.selected.filter((r) => !restored.has(r.routecode))],
        residentialOnly: context.dirty ? context.residentialOnly : residential_only,
        zipPricing: first
          ? { ...context.zipPricing, [zipOfRoute(first.routecode)]: pricing }
          : context.zipPricing,
      });
      // Back where the visitor left off: the zip code of the selection's first route.
      if (first && context.zip === null)
        enqueue.raise({ type: 'eddm.zipChosen', zip: zipOfRoute(first.routecode) });
      if (context.dirty) enqueue.raise({ type: 'eddm.saveNeeded' });
    }),
    forgetSavedSelection: assign({ cartId: null }),
    keepSavedId: assign((_, params: { cartId: string }) => ({ cartId: params.cartId, saveError: null })),
    showSaveFailure: assign((_, params: { error: unknown }) => ({
      saveError: messageOf(params.error, 'Your selection could not be saved.'),
    })),
    keepMediaType: assign((_, params: { mediaType: EddmMediaType }) => ({
      mediaType: params.mediaType,
      mediaTypeError: null,
    })),
    showMediaTypeFailure: assign((_, params: { error: unknown }) => ({
      mediaTypeError: messageOf(params.error, 'The every-door minimum could not be loaded.'),
    })),
    followPricingMediacode: assign(({ context }) => ({ weeksFor: pricingMediacode(context) })),
    forgetDropWeeks: assign({ dropWeeks: [], weeksError: null }),
    keepDropWeeks: assign(({ context }, params: { availability: Availability }) => {
      const open = params.availability.options.filter((o) => o.available).slice(0, SHOWN_DROP_WEEKS);
      return {
        dropWeeks: open,
        week: open.some((o) => o.value === context.week) ? context.week : (open[0]?.value ?? ''),
      };
    }),
    showWeeksFailure: assign((_, params: { error: unknown }) => ({
      weeksError: messageOf(params.error, 'The drop weeks could not be loaded.'),
    })),
    chooseWeek: assign((_, params: { week: string }) => ({ week: params.week })),
    holdCampaignRequest: assign((_, params: { cartId: string | null }) => ({
      campaignCartId: params.cartId,
      campaignError: null,
    })),
    showCampaignFailure: assign((_, params: { error: unknown }) => ({
      campaignError: messageOf(params.error, 'Error adding new item'),
    })),
    // Effects, supplied where the actor is created.
    rememberCartId: (_, _params: { cartId: string | null }) => {},
    campaignCreated: (_, _params: { cart: Cart }) => {},
  },
  guards: {
    isOtherZip: ({ context, event }) => event.type === 'eddm.zipChosen' && event.zip !== context.zip,
    hasLoadFailed: ({ context }) => context.loadError !== null,
    hasSavedSelection: ({ context }) => context.cartId !== null,
    hasRoutes: ({ context }) => context.selected.length > 0,
    hasUnsavedChanges: ({ context }) => context.dirty,
    /** USPS's minimum is known and the selection's pieces reach it. */
    meetsMinimum: ({ context }) =>
      context.mediaType !== null &&
      eddmPieces(context.selected, context.residentialOnly) >= context.mediaType.minimum_pieces,
    /** The selection is now priced by another placement than the one whose weeks are shown. */
    isPricedByAnotherPlacement: ({ context }) => pricingMediacode(context) !== context.weeksFor,
    hasPricingPlacement: ({ context }) => context.weeksFor !== null,
    isOpenWeek: ({ context }, params: { week: string }) =>
      context.dropWeeks.some((o) => o.value === params.week),
    hasOpenWeekChosen: ({ context }) => context.dropWeeks.some((o) => o.value === context.week),
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
    mediaType: null,
    mediaTypeError: null,
    weeksFor: null,
    dropWeeks: [],
    weeksError: null,
    week: '',
    campaignCartId: null,
    campaignError: null,
  }),
  on: {
    'eddm.routeHovered': {
      actions: { type: 'hoverRoute', params: ({ event }) => ({ routecode: event.routecode }) },
    },
  },
  states: {
    /** The zip code shown on the map and in the list. */
    area: {
      initial: 'empty',
      on: {
        'eddm.zipChosen': {
          // Another zip code, or the one that failed chosen again.
          guard: or(['isOtherZip', 'hasLoadFailed']),
          target: '.loading',
          actions: { type: 'showZip', params: ({ event }) => ({ zip: event.zip }) },
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
              actions: { type: 'keepLoadedZip', params: ({ event }) => ({ loaded: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'showLoadFailure', params: ({ event }) => ({ error: event.error }) },
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
          always: { guard: not('hasSavedSelection'), target: 'saved' },
          // Changes made meanwhile are kept, added to the restored selection, and saved after it.
          on: CHANGES_WHILE_BUSY,
          invoke: {
            src: 'loadCart',
            input: ({ context }) => ({ cartId: context.cartId ?? '' }),
            onDone: {
              target: 'saved',
              actions: { type: 'restoreSelection', params: ({ event }) => ({ cart: event.output }) },
            },
            // A selection that is gone (or unreadable) is forgotten: the page starts empty.
            onError: {
              target: 'saved',
              actions: ['forgetSavedSelection', { type: 'rememberCartId', params: { cartId: null } }],
            },
          },
        },
        saved: { on: { 'eddm.saveNeeded': 'changed' } },
        /** Changed since the last save; saved when the changes pause. */
        changed: {
          tags: ['unsaved'],
          entry: 'markClean',
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
                guard: 'hasUnsavedChanges',
                target: 'changed',
                actions: [
                  { type: 'keepSavedId', params: ({ event }) => ({ cartId: event.output.id }) },
                  { type: 'rememberCartId', params: ({ event }) => ({ cartId: event.output.id }) },
                ],
              },
              {
                target: 'saved',
                actions: [
                  { type: 'keepSavedId', params: ({ event }) => ({ cartId: event.output.id }) },
                  { type: 'rememberCartId', params: ({ event }) => ({ cartId: event.output.id }) },
                ],
              },
            ],
            onError: {
              target: 'saveFailed',
              actions: { type: 'showSaveFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        saveFailed: {
          tags: ['unsaved'],
          on: { 'eddm.retry': 'saving' },
        },
      },
    },

    /** How every-door mail is sold (the minimum of pieces above all), loaded once. */
    mediaType: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadMediaType',
            onDone: {
              target: 'loaded',
              actions: { type: 'keepMediaType', params: ({ event }) => ({ mediaType: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'showMediaTypeFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        loaded: {},
        failed: { on: { 'eddm.retry': 'loading' } },
      },
    },

    /**
     * The drop weeks of the placement that prices the selection, loaded again whenever that
     * placement changes; a load for the one before is cancelled, so its answer is never shown.
     */
    weeks: {
      initial: 'none',
      always: {
        guard: 'isPricedByAnotherPlacement',
        target: '.deciding',
        actions: 'followPricingMediacode',
      },
      on: {
        'eddm.weekChosen': {
          guard: { type: 'isOpenWeek', params: ({ event }) => ({ week: event.week }) },
          actions: { type: 'chooseWeek', params: ({ event }) => ({ week: event.week }) },
        },
      },
      states: {
        deciding: {
          always: [{ guard: 'hasPricingPlacement', target: 'loading' }, { target: 'none' }],
        },
        /** No placement sells every-door mail here (the national rate): there are no weeks to offer. */
        none: { entry: 'forgetDropWeeks' },
        loading: {
          entry: 'forgetDropWeeks',
          invoke: {
            src: 'loadWeeks',
            input: ({ context }) => ({ mediacode: context.weeksFor ?? '' }),
            onDone: {
              target: 'loaded',
              actions: { type: 'keepDropWeeks', params: ({ event }) => ({ availability: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'showWeeksFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        loaded: {},
        failed: { on: { 'eddm.retry': 'loading' } },
      },
    },

    /** Turning the saved selection into an item of the main cart. */
    campaign: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'eddm.campaignRequested': {
              // From the saved selection only (what is ordered is what the page shows), with USPS's
              // minimum of pieces and an open drop week.
              guard: and([
                'hasSavedSelection',
                'hasRoutes',
                'meetsMinimum',
                'hasOpenWeekChosen',
                stateIn({ selection: 'saved' }),
              ]),
              target: 'creating',
              actions: { type: 'holdCampaignRequest', params: ({ event }) => ({ cartId: event.cartId }) },
            },
          },
        },
        creating: {
          tags: ['creatingCampaign'],
          invoke: {
            src: 'createCampaign',
            input: ({ context }) => ({
              dateStart: context.week,
              eddmCartId: context.cartId ?? '',
              cartId: context.campaignCartId,
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'campaignCreated', params: ({ event }) => ({ cart: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'showCampaignFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

export type EddmMachine = typeof eddmMachine;
export type EddmSnapshot = SnapshotFrom<EddmMachine>;

/** The campaign can be requested now: saved, enough pieces, an open week, and none on its way. */
export const selectCanCreateCampaign = (s: EddmSnapshot): boolean =>
  s.can({ type: 'eddm.campaignRequested', cartId: null });
/** The week shown as chosen: the chosen one while it is open, else none. */
export const selectChosenWeek = (s: EddmSnapshot): string =>
  s.context.dropWeeks.some((o) => o.value === s.context.week) ? s.context.week : '';
