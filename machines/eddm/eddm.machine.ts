import { and, not, type SnapshotFrom, stateIn } from 'xstate';
import { type CarrierRoute, NO_ROUTE_FILTERS, type RouteFilters } from '../../contract/directMail';
import { eddmSetup } from './eddm.setup';
import { DEFAULT_RADIUS_MILES, hiddenRoutes, mailingRoutes, type PickedBy, type Pin } from './eddm.types';

export {
  type EddmEvent,
  hiddenRoutes,
  type LoadedZip,
  mailingRoutes,
  minimumNotMet,
  type Pin,
  RADIUS_MILES,
  type RadiusCircle,
  selectionPricing,
} from './eddm.types';

// The route or the zip code an event names, as the actions and guards take it.
const routeOf = ({ event }: { event: { routecode: string } }) => ({ routecode: event.routecode });
const appliedRoutes = ({ event }: { event: { routes: CarrierRoute[]; residentialOnly: boolean } }) => ({
  routes: event.routes,
  residentialOnly: event.residentialOnly,
});
const chosenZip = ({ event }: { event: { zip: string } }) => ({ zip: event.zip });
const IS_OTHER_ZIP = { type: 'isOtherZip', params: chosenZip } as const;
const SHOW_ZIP = { type: 'showZip', params: chosenZip } as const;
const filtersOf = ({ event }: { event: { filters: RouteFilters } }) => ({ filters: event.filters });
const routesPicked = ({ event }: { event: { routecodes: string[]; by: PickedBy } }) => ({
  routecodes: event.routecodes,
  by: event.by,
});
const PLACE_PIN = {
  type: 'placePin',
  params: ({ event }: { event: { pin: Pin; zip: string | null } }) => ({ pin: event.pin, zip: event.zip }),
} as const;

/**
 * The campaign can be requested: from the saved selection only (what is ordered is what the page
 * shows), with USPS's minimum of pieces and an open drop week.
 */
const CAN_CREATE_CAMPAIGN = and([
  'hasSavedSelection',
  'hasRoutes',
  'meetsMinimum',
  'hasOpenWeekChosen',
  stateIn({ selection: 'saved' }),
]);

const HOLD_REQUEST = {
  type: 'holdCampaignRequest',
  params: ({ event }: { event: { cartId: string | null } }) => ({ cartId: event.cartId }),
} as const;

/** "Add mailing to cart": asked first when the cart already holds that mailing, else added. */
const CAMPAIGN_REQUESTED = [
  {
    guard: and([CAN_CREATE_CAMPAIGN, 'isMailingInCart']),
    target: 'confirmingDuplicate',
    actions: HOLD_REQUEST,
  },
  {
    guard: CAN_CREATE_CAMPAIGN,
    target: 'creating',
    actions: HOLD_REQUEST,
  },
] as const;

/** The changes of the selection a person makes, each with the actions that make it. */
const SELECTION_CHANGES = {
  'eddm.routeToggled': [{ type: 'toggleRoute', params: routeOf }],
  'eddm.routeRemoved': [{ type: 'removeRoute', params: routeOf }],
  'eddm.allRoutesSelected': [{ type: 'selectAllRoutes', params: chosenZip }],
  'eddm.selectionCleared': [{ type: 'clearShownRoutes', params: chosenZip }],
  'eddm.residentialOnlyToggled': ['toggleResidentialOnly'],
  'eddm.routesApplied': [{ type: 'applyRoutes', params: appliedRoutes }],
  // Filters change the mailing (the picked routes that match them), which is what is saved.
  'eddm.filtersChanged': [{ type: 'changeFilters', params: filtersOf }],
  'eddm.filtersCleared': ['clearFilters'],
  'eddm.routesPicked': [{ type: 'pickRoutes', params: routesPicked }],
} as const;
type SelectionChanges = typeof SELECTION_CHANGES;

/** Each selection change handled one way: the table above, with what `handle` adds around its actions. */
const eachChange = <T>(handle: (actions: SelectionChanges[keyof SelectionChanges]) => T) =>
  Object.fromEntries(Object.entries(SELECTION_CHANGES).map(([type, actions]) => [type, handle(actions)]));

/** A selection change at rest: made, and saved when the changes pause. */
const CHANGES = eachChange((actions) => ({ target: '.changed', actions })) as unknown as {
  [K in keyof SelectionChanges]: { target: '.changed'; actions: SelectionChanges[K] };
};

/** Selection changes while a save or the restore is under way: applied at once, saved after it. */
const CHANGES_WHILE_BUSY = eachChange((actions) => ({ actions: [...actions, 'markDirty'] })) as unknown as {
  [K in keyof SelectionChanges]: { actions: readonly [...SelectionChanges[K], 'markDirty'] };
};

/**
 * The same changes during the restore: applied at once, and noted as the visitor meant them, to be
 * made again on the restored routes when they land (a Clear then clears those too).
 */
const CHANGES_WHILE_RESTORING = eachChange((actions) => ({
  actions: ['holdEditBase', ...actions, 'markDirty', 'noteEdits'],
})) as unknown as typeof CHANGES_WHILE_BUSY;

/**
 * Every-door direct mail (SPEC sections 2 and 7): choose a zip code, select carrier routes on the
 * map or in the list, see pieces and cost at once, and turn the selection into a cart item. The
 * selection is saved (debounced, SPEC's 1,000 ms) as an EDDM cart, so it survives reloads. The
 * campaign needs USPS's minimum of pieces (the media type's) and a drop week of the placement that
 * prices the selection.
 */
export const eddmMachine = eddmSetup.createMachine({
  id: 'eddm',
  type: 'parallel',
  context: ({ input }) => ({
    zip: null,
    loaded: null,
    loadError: null,
    // The routes hidden by the filters before the reload: shown at once, and kept when the saved
    // selection (the mailing) comes back, as if picked again.
    selected: input.hidden ?? [],
    residentialOnly: false,
    hovered: null,
    cartId: input.cartId,
    zipPricing: {},
    dirty: false,
    restoreEdits: (input.hidden ?? []).map((route) => ({ add: route })),
    editBase: [],
    saveError: null,
    mediaType: null,
    mediaTypeError: null,
    weeksFor: null,
    dropWeeks: [],
    weeksError: null,
    week: input.week ?? '',
    campaignCartId: null,
    campaignError: null,
    filters: input.filters ?? NO_ROUTE_FILTERS,
    loadedRoutes: {},
    loadedShapes: {},
    pin: null,
    radiusMiles: DEFAULT_RADIUS_MILES,
    nearFor: null,
    nearError: null,
    pickedByRadius: [],
    focus: null,
    lastAsked: 'zip',
    pickNotice: null,
    inCart: [],
    added: null,
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
        // Another zip code, or the one that failed chosen again.
        'eddm.zipChosen': [
          { guard: IS_OTHER_ZIP, target: '.loading', actions: SHOW_ZIP },
          { guard: 'hasLoadFailed', target: '.loading', actions: SHOW_ZIP },
        ],
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
              actions: [
                { type: 'keepLoadedZip', params: ({ event }) => ({ loaded: event.output }) },
                { type: 'focusOnZip', params: ({ event }) => ({ loaded: event.output }) },
              ],
            },
            onError: {
              target: 'failed',
              actions: { type: 'showLoadFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        shown: {},
        failed: { on: { 'eddm.retry': { target: 'loading', actions: 'forgetLoadFailure' } } },
      },
    },

    /** The selection, and saving it as an EDDM cart a second after the last change. */
    selection: {
      initial: 'restoring',
      on: CHANGES,
      states: {
        restoring: {
          always: { guard: not('hasSavedSelection'), target: 'saved' },
          // Changes made meanwhile are shown at once, made again on the restored selection, and saved after it.
          on: CHANGES_WHILE_RESTORING,
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
              actions: [
                'forgetSavedSelection',
                'forgetRestoreEdits',
                { type: 'rememberCartId', params: { cartId: null } },
              ],
            },
          },
        },
        saved: { on: { 'eddm.saveNeeded': 'changed' } },
        /** Changed since the last save; saved when the changes pause. */
        changed: {
          tags: ['unsaved'],
          entry: 'markClean',
          after: { saveDebounce: 'saving' },
          // The page is being left: no waiting for the debounce, or the change is lost.
          on: { 'eddm.saveFlushed': 'saving' },
        },
        saving: {
          tags: ['unsaved', 'saving'],
          entry: {
            type: 'rememberTargeting',
            params: ({ context }) => ({ filters: context.filters, hidden: hiddenRoutes(context) }),
          },
          // One save at a time, so they cannot arrive out of order: changes meanwhile are saved next.
          on: CHANGES_WHILE_BUSY,
          invoke: {
            src: 'saveCart',
            input: ({ context }) => ({
              cartId: context.cartId,
              // The mailing: routes the filters hide are kept on the page, not mailed.
              routes: mailingRoutes(context).map((r) => r.routecode),
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
          actions: [
            { type: 'chooseWeek', params: ({ event }) => ({ week: event.week }) },
            { type: 'rememberWeek', params: ({ event }) => ({ week: event.week }) },
          ],
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

    /**
     * Turning the saved selection into an item of the main cart. Once added, the page says so (and
     * links to the cart) until the selection or the week changes; a mailing the cart already holds
     * (the same routes, homes only or not, and week) is added again only once the visitor confirms.
     */
    campaign: {
      initial: 'idle',
      on: {
        'eddm.cartChanged': {
          actions: { type: 'readCart', params: ({ event }) => ({ cart: event.cart }) },
        },
      },
      states: {
        idle: { on: { 'eddm.campaignRequested': CAMPAIGN_REQUESTED } },
        confirmingDuplicate: {
          tags: ['confirmingDuplicate'],
          // The mailing asked about is no longer the one shown (or no longer ready): nothing to confirm.
          always: { guard: not(CAN_CREATE_CAMPAIGN), target: 'idle' },
          on: {
            'eddm.duplicateConfirmed': 'creating',
            'eddm.duplicateCancelled': [
              { guard: 'isAddedMailingShown', target: 'added' },
              { target: 'idle' },
            ],
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
              target: 'added',
              actions: [
                { type: 'readCart', params: ({ event }) => ({ cart: event.output }) },
                'keepAddedMailing',
                { type: 'campaignCreated', params: ({ event }) => ({ cart: event.output }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'showCampaignFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        /** Added: the page says so while it shows that mailing and the cart still holds it. */
        added: {
          tags: ['campaignAdded'],
          always: { guard: not(and(['isAddedMailingShown', 'isMailingInCart'])), target: 'idle' },
          on: { 'eddm.campaignRequested': CAMPAIGN_REQUESTED },
        },
      },
    },

    /**
     * Targeting (issue 34): the business's pin and "every route within N miles" of it, and drawing an
     * area to select the routes it touches. Placing the pin and drawing take the map's clicks and
     * drags, so one stops the other. Filters live in the selection: they change what is mailed.
     */
    targeting: {
      type: 'parallel',
      states: {
        pin: {
          initial: 'none',
          on: {
            'eddm.pinPlaced': { target: '.placed', actions: PLACE_PIN },
          },
          states: {
            none: { on: { 'eddm.pinPlacingStarted': 'placing' } },
            /** The next click on the map places the pin. */
            placing: {
              tags: ['placingPin'],
              on: {
                'eddm.mapClicked': {
                  actions: {
                    type: 'pinAtClick',
                    params: ({ event }) => ({ lat: event.lat, lng: event.lng }),
                  },
                },
                'eddm.pinPlacingCancelled': [{ guard: 'hasPin', target: 'placed' }, { target: 'none' }],
                'eddm.lassoToggled': [{ guard: 'hasPin', target: 'placed' }, { target: 'none' }],
              },
            },
            placed: {
              on: {
                'eddm.pinPlacingStarted': 'placing',
                'eddm.pinRemoved': { target: 'none', actions: 'removePin' },
              },
            },
          },
        },
        /** "Every route within N miles" of the pin: asked, answered and picked, or failed. */
        near: {
          initial: 'idle',
          on: {
            'eddm.radiusChosen': {
              actions: { type: 'chooseRadius', params: ({ event }) => ({ miles: event.miles }) },
            },
            // The pin moved or went: a request for the old place is dropped, its failure forgotten.
            'eddm.pinPlaced': { target: '.idle', actions: 'forgetNearFailure' },
            'eddm.pinRemoved': { target: '.idle', actions: 'forgetNearFailure' },
            // A saved area is the selection: a radius asked before it must not add to it when it answers.
            'eddm.routesApplied': { target: '.idle', actions: 'forgetNearFailure' },
          },
          states: {
            idle: { on: { 'eddm.nearRequested': { guard: 'hasPin', target: 'loading' } } },
            loading: {
              tags: ['loadingNear'],
              entry: 'askNear',
              on: { 'eddm.nearRequested': { target: 'loading', reenter: true } },
              invoke: {
                src: 'loadNear',
                input: ({ context }) => context.nearFor ?? { lat: 0, lng: 0, miles: context.radiusMiles },
                onDone: {
                  target: 'idle',
                  actions: { type: 'keepNearRoutes', params: ({ event }) => ({ near: event.output }) },
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'showNearFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            failed: {
              on: {
                'eddm.nearRetried': 'loading',
                'eddm.nearRequested': 'loading',
              },
            },
          },
        },
        /** Drawing an area on the map; the routes it touches are picked when it is closed. */
        lasso: {
          initial: 'off',
          states: {
            off: { on: { 'eddm.lassoToggled': 'drawing' } },
            drawing: {
              tags: ['drawingArea'],
              // The live region empties, so a drawing that picks the same as the last one is heard again.
              entry: 'forgetPickNotice',
              on: {
                'eddm.lassoToggled': 'off',
                'eddm.lassoCancelled': 'off',
                'eddm.pinPlacingStarted': 'off',
                'eddm.lassoDrawn': {
                  target: 'off',
                  actions: { type: 'pickRoutesInRing', params: ({ event }) => ({ ring: event.ring }) },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type EddmMachine = typeof eddmMachine;
export type EddmSnapshot = SnapshotFrom<EddmMachine>;
