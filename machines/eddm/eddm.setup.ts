import { assign, enqueueActions, setup } from 'xstate';
import type { Cart } from '../../contract/cart';
import {
  type CarrierRoute,
  type EddmCart,
  type EddmMediaType,
  type EddmNear,
  eddmPieces,
  NO_ROUTE_FILTERS,
  type RouteFilters,
  routeMatches,
  zipOfRoute,
} from '../../contract/directMail';
import type { Availability } from '../../contract/quote';
import { circleBbox, type Ring } from '../../contract/routeShapes';
import { apiMessageOf } from '../failures';
import { eddmActors } from './eddm.actors';
import { editsBetween, replayEdits, type SelectionEdit } from './eddm.edits';
import { isSameMailing, mailingsIn, shownMailing } from './eddm.mailings';
import { toggledRoute, withAllRoutesOf, withoutRoute, withoutRoutesOf } from './eddm.selection';
import { keepNearRoutes, nearAsked, pickRoutes, routesInRing, unmarked, withoutPin } from './eddm.targeting';
import {
  type EddmContext,
  type EddmEvent,
  type LoadedZip,
  mailingRoutes,
  type PickedBy,
  type Pin,
  pricingMediacode,
} from './eddm.types';

/** The drop weeks offered: the open ones, soonest first, at most this many. */
const SHOWN_DROP_WEEKS = 12;

/**
 * The every-door machine's vocabulary: its effects (supplied in src/system/eddm.ts), its context
 * changes, guards and delays. The chart is in eddm.machine.ts.
 */
export const eddmSetup = setup({
  types: {
    context: {} as EddmContext,
    events: {} as EddmEvent,
    /**
     * The saved selection's id and the drop week chosen before the page was last open; the filters
     * then, and the picked routes they hid (not mailed, so not in the saved selection).
     */
    input: {} as {
      cartId: string | null;
      week?: string | null;
      filters?: RouteFilters | null;
      hidden?: CarrierRoute[] | null;
    },
  },
  actors: eddmActors,
  actions: {
    hoverRoute: assign((_, params: { routecode: string | null }) => ({ hovered: params.routecode })),
    showZip: assign((_, params: { zip: string }) => ({
      zip: params.zip,
      loadError: null,
      hovered: null,
      lastAsked: 'zip' as const,
    })),
    keepLoadedZip: assign(({ context }, params: { loaded: LoadedZip }) => ({
      loaded: params.loaded,
      zipPricing: { ...context.zipPricing, [params.loaded.area.zip]: params.loaded.area.pricing },
    })),
    showLoadFailure: assign((_, params: { error: unknown }) => ({
      loaded: null,
      loadError: apiMessageOf(params.error, 'The carrier routes could not be loaded.'),
    })),
    /** Trying the zip code again: its failure is no longer what the page says. */
    forgetLoadFailure: assign({ loadError: null }),
    /**
     * A route on the map in or out of the selection; one the filters hide (dimmed) is not picked by a
     * click, only taken out.
     */
    toggleRoute: assign(({ context }, params: { routecode: string }) =>
      toggledRoute(context, params.routecode),
    ),
    removeRoute: assign(({ context }, params: { routecode: string }) =>
      withoutRoute(context, params.routecode),
    ),
    selectAllRoutes: assign(({ context }, params: { zip: string }) => withAllRoutesOf(context, params.zip)),
    clearShownRoutes: assign(({ context }, params: { zip: string }) => withoutRoutesOf(context, params.zip)),
    toggleResidentialOnly: assign(({ context }) => ({ residentialOnly: !context.residentialOnly })),
    /**
     * A saved area's routes replace the selection (issue 34). With no zip code shown, or none priced for
     * the first route, the map goes to that route's zip code, which brings its price and drop weeks.
     */
    applyRoutes: enqueueActions(
      ({ context, enqueue }, params: { routes: CarrierRoute[]; residentialOnly: boolean }) => {
        // The area is the selection: no route of it is a radius's to take back. Its routes the filters
        // hide are said, or "2 routes in 60614" would not be what is mailed.
        const hidden = params.routes.filter((r) => !routeMatches(r, context.filters)).length;
        enqueue.assign({
          selected: params.routes,
          residentialOnly: params.residentialOnly,
          pickedByRadius: [],
          pickNotice:
            hidden > 0
              ? `${hidden} of the area’s routes ${hidden === 1 ? 'is' : 'are'} hidden by your filters.`
              : null,
        });
        const first = params.routes[0];
        const zip = first ? zipOfRoute(first.routecode) : null;
        if (zip && (context.zip === null || !context.zipPricing[zip]))
          enqueue.raise({ type: 'eddm.zipChosen', zip });
      },
    ),
    markDirty: assign({ dirty: true }),
    markClean: assign({ dirty: false }),
    /** While restoring: the selection before a change, to tell what it did. */
    holdEditBase: assign(({ context }) => ({ editBase: context.selected })),
    /** While restoring: the change just made, as the visitor meant it. */
    noteEdits: assign(({ context, event }) => {
      const edits: SelectionEdit[] =
        event.type === 'eddm.selectionCleared'
          ? [{ clearZip: event.zip }]
          : event.type === 'eddm.routesApplied'
            ? [{ replace: event.routes }]
            : editsBetween(context.editBase, context.selected);
      return { restoreEdits: [...context.restoreEdits, ...edits], editBase: [] };
    }),
    forgetRestoreEdits: assign({ restoreEdits: [], editBase: [] }),
    /**
     * The saved selection comes back; changes made meanwhile are made again on it, in order (a Clear
     * clears restored routes too, a saved area replaces them), and saved after it.
     */
    restoreSelection: enqueueActions(({ context, enqueue }, params: { cart: EddmCart }) => {
      const { residential_only, pricing } = params.cart;
      const routes = replayEdits(params.cart.routes, context.restoreEdits);
      const kept = new Set(routes.map((r) => r.routecode));
      const first = routes[0];
      // The saved selection's price is that of its own first route's zip code.
      const priced = params.cart.routes[0];
      enqueue.assign({
        selected: routes,
        restoreEdits: [],
        // A restored route is the saved selection's, not a radius's to take back.
        pickedByRadius: unmarked(
          context,
          params.cart.routes.map((r) => r.routecode),
        ).filter((code) => kept.has(code)),
        residentialOnly: context.dirty ? context.residentialOnly : residential_only,
        zipPricing: priced
          ? { ...context.zipPricing, [zipOfRoute(priced.routecode)]: pricing }
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
      saveError: apiMessageOf(params.error, 'Your selection could not be saved.'),
    })),
    keepMediaType: assign((_, params: { mediaType: EddmMediaType }) => ({
      mediaType: params.mediaType,
      mediaTypeError: null,
    })),
    showMediaTypeFailure: assign((_, params: { error: unknown }) => ({
      mediaTypeError: apiMessageOf(params.error, 'The every-door minimum could not be loaded.'),
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
      weeksError: apiMessageOf(params.error, 'The drop weeks could not be loaded.'),
    })),
    chooseWeek: assign((_, params: { week: string }) => ({ week: params.week })),
    holdCampaignRequest: assign((_, params: { cartId: string | null }) => ({
      campaignCartId: params.cartId,
      campaignError: null,
    })),
    showCampaignFailure: assign((_, params: { error: unknown }) => ({
      campaignError: apiMessageOf(params.error, 'Error adding new item'),
    })),
    // Targeting (issue 34).
    changeFilters: assign((_, params: { filters: RouteFilters }) => ({ filters: params.filters })),
    clearFilters: assign({ filters: NO_ROUTE_FILTERS }),
    /** The map looks at the zip code that arrived, unless the routes around the pin were asked since. */
    focusOnZip: assign(({ context }, params: { loaded: LoadedZip }) =>
      context.lastAsked === 'zip' ? { focus: params.loaded.area.bbox } : {},
    ),
    /** The pin at an address or a click; the map looks at its radius, and shows the address's zip code. */
    placePin: enqueueActions(({ context, enqueue }, params: { pin: Pin; zip: string | null }) => {
      enqueue.assign({
        pin: params.pin,
        focus: circleBbox(params.pin, context.radiusMiles),
        nearError: null,
        pickNotice: null,
      });
      if (params.zip) enqueue.raise({ type: 'eddm.zipChosen', zip: params.zip });
    }),
    /** A click on the map while placing the pin places it there. */
    pinAtClick: enqueueActions(({ enqueue }, params: { lat: number; lng: number }) => {
      enqueue.raise({
        type: 'eddm.pinPlaced',
        pin: { lat: params.lat, lng: params.lng, label: 'Your pin on the map' },
        zip: null,
      });
    }),
    removePin: assign(({ context }) => withoutPin(context)),
    chooseRadius: assign(({ context }, params: { miles: number }) => ({
      radiusMiles: params.miles,
      focus: context.pin ? circleBbox(context.pin, params.miles) : context.focus,
    })),
    askNear: assign(({ context }) => nearAsked(context)),
    /** The routes around the pin are shown, then picked (the selection region hears `eddm.routesPicked`). */
    keepNearRoutes: enqueueActions(({ context, enqueue }, params: { near: EddmNear }) => {
      enqueue.assign(keepNearRoutes(context, params.near));
      enqueue.raise({
        type: 'eddm.routesPicked',
        routecodes: params.near.routes.map((r) => r.routecode),
        by: 'radius',
      });
    }),
    showNearFailure: assign((_, params: { error: unknown }) => ({
      nearError: apiMessageOf(params.error, 'The routes around your pin could not be loaded.'),
    })),
    forgetNearFailure: assign({ nearError: null }),
    forgetPickNotice: assign({ pickNotice: null }),
    /** The routes the drawn area touches are picked. */
    pickRoutesInRing: enqueueActions(({ context, enqueue }, params: { ring: Ring }) => {
      enqueue.raise({
        type: 'eddm.routesPicked',
        routecodes: routesInRing(context, params.ring),
        by: 'lasso',
      });
    }),
    pickRoutes: assign(({ context }, params: { routecodes: string[]; by: PickedBy }) =>
      pickRoutes(context, params),
    ),
    /** The mailings the main cart holds now. */
    readCart: assign((_, params: { cart: Cart | null }) => ({ inCart: mailingsIn(params.cart) })),
    /**
     * The mailing shown is the one just added: the page says so until it changes, and asks before
     * adding it again (the cart's answer holds it; kept here too should an answer not say).
     */
    keepAddedMailing: assign(({ context }) => {
      const added = shownMailing(context);
      const held = context.inCart.some((mailing) => isSameMailing(mailing, added));
      return { added, inCart: held ? context.inCart : [...context.inCart, added] };
    }),
    // Effects, supplied where the actor is created.
    rememberCartId: (_, _params: { cartId: string | null }) => {},
    campaignCreated: (_, _params: { cart: Cart }) => {},
    /** The week chosen outlives the page (a reload, the cart opened as a new page, back from elsewhere). */
    rememberWeek: (_, _params: { week: string }) => {},
    /**
     * The filters and the picked routes they hide outlive the page with each save: the saved selection
     * is the mailing, which leaves the hidden routes out, and they must come back with the filters.
     */
    rememberTargeting: (_, _params: { filters: RouteFilters; hidden: CarrierRoute[] }) => {},
  },
  guards: {
    /** Another zip code than the one shown. */
    isOtherZip: ({ context }, { zip }: { zip: string }) => zip !== context.zip,
    hasLoadFailed: ({ context }) => context.loadError !== null,
    hasSavedSelection: ({ context }) => context.cartId !== null,
    /** The mailing has routes: picked ones that match the filters. */
    hasRoutes: ({ context }) => mailingRoutes(context).length > 0,
    hasUnsavedChanges: ({ context }) => context.dirty,
    /** USPS's minimum is known and the mailing's pieces reach it. */
    meetsMinimum: ({ context }) =>
      context.mediaType !== null &&
      eddmPieces(mailingRoutes(context), context.residentialOnly) >= context.mediaType.minimum_pieces,
    /** The selection is now priced by another placement than the one whose weeks are shown. */
    isPricedByAnotherPlacement: ({ context }) => pricingMediacode(context) !== context.weeksFor,
    hasPricingPlacement: ({ context }) => context.weeksFor !== null,
    isOpenWeek: ({ context }, params: { week: string }) =>
      context.dropWeeks.some((o) => o.value === params.week),
    hasOpenWeekChosen: ({ context }) => context.dropWeeks.some((o) => o.value === context.week),
    hasPin: ({ context }) => context.pin !== null,
    /** The main cart already holds the mailing shown: the same routes, homes only or not, and week. */
    isMailingInCart: ({ context }) => {
      const shown = shownMailing(context);
      return context.inCart.some((mailing) => isSameMailing(mailing, shown));
    },
    /** The mailing shown is the one this page added last. */
    isAddedMailingShown: ({ context }) =>
      context.added !== null && isSameMailing(context.added, shownMailing(context)),
  },
  delays: { saveDebounce: 1_000 },
});
