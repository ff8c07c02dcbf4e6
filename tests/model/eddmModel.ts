import { createMachine } from 'xstate';
import { modelKit } from './modelKit';

/**
 * The abstract model of the every-door page (machines/eddm): what a person sees of the zip code's
 * routes, the selection and its totals, and whether the selection is saved; and the stimuli of the
 * person, the server and the clock (the save waits for a pause in the changes). Targeting (issue 34):
 * a filter by income hides picked routes from the mailing, a pin and "every route within N miles"
 * picks routes of several zip codes, and an area drawn on the map picks the routes it touches. No
 * effects, no timers: the adapter gives each state and stimulus its meaning.
 */
export const eddmModel = createMachine({
  id: 'eddm-model',
  initial: 'noZip',
  states: {
    /** The page open without a zip code: no routes, nothing chosen. */
    noZip: {
      on: { 'user.entersZip': 'loadingRoutes' },
    },
    /** A zip code entered; its carrier routes on their way. */
    loadingRoutes: {
      on: {
        'server.answersRoutes': 'routesShown',
        'server.failsRoutes': 'loadFailed',
      },
    },
    /** Why the routes could not be loaded, with a way to try again. */
    loadFailed: {
      on: {
        'user.retries': 'loadingRoutes',
        'user.entersZip': 'loadingRoutes',
      },
    },
    /** The zip code's routes listed, none chosen: nothing to mail, nothing waiting to be saved. */
    routesShown: {
      on: {
        'user.choosesRoute': 'chosenUnsaved',
        'user.entersZip': 'loadingRoutes',
        'user.placesPin': 'pinPlaced',
        'user.startsDrawing': 'drawing',
      },
    },
    /** The business's pin on the map with its radius; nothing chosen yet. */
    pinPlaced: {
      on: { 'user.asksWithinRadius': 'loadingNear' },
    },
    /** "Every route within 1 mile" asked; the routes around the pin on their way. */
    loadingNear: {
      on: {
        'server.answersNear': 'chosenUnsaved',
        'server.failsNear': 'nearFailed',
      },
    },
    /** Why the routes around the pin could not be loaded, with a way to try again. */
    nearFailed: {
      on: { 'user.retries': 'loadingNear' },
    },
    /** "Draw an area": the map takes a drawing; nothing chosen yet. */
    drawing: {
      on: {
        'user.drawsAround': 'chosenUnsaved',
        'user.cancelsDrawing': 'routesShown',
      },
    },
    /** Routes chosen, their pieces and cost totalled; the change not saved yet (it waits for a pause). */
    chosenUnsaved: {
      on: {
        'user.choosesRoute': 'chosenUnsaved',
        'user.selectsAll': 'chosenUnsaved',
        'user.togglesHomesOnly': 'chosenUnsaved',
        // The model's paths reach this state with one route chosen: unticking it leaves none.
        'user.unticksRoute': 'clearedUnsaved',
        'clock.almostPasses': 'chosenUnsaved',
        'clock.passes': 'chosenSaved',
        // Leaving the page saves the change at once, without waiting for the pause.
        'user.leavesPage': 'chosenSaved',
        'clock.passesOffline': 'saveFailed',
        // A filter hides picked routes from the mailing (and the save); clearing it brings them back.
        'user.filtersByIncome': 'chosenUnsaved',
        'user.clearsFilters': 'chosenUnsaved',
      },
    },
    /** The selection saved as the server holds it: it can become a campaign. */
    chosenSaved: {
      on: {
        'user.choosesRoute': 'chosenUnsaved',
        'user.togglesHomesOnly': 'chosenUnsaved',
        'user.clearsSelection': 'clearedUnsaved',
        'user.filtersByIncome': 'chosenUnsaved',
        'user.addsToCart': 'addingToCart',
        'cart.arrivesHolding': 'inCartAlready',
      },
    },
    /** The save failed: why, the selection kept, a way to try again. */
    saveFailed: {
      on: {
        'user.retries': 'chosenSaved',
        'user.choosesRoute': 'chosenUnsaved',
      },
    },
    /** "Add mailing to cart" pressed: the campaign on its way to the cart. */
    addingToCart: {
      on: { 'server.answersCampaign': 'addedToCart' },
    },
    /** Added: the page says so and links to the cart; the selection and the week stay. */
    addedToCart: {
      on: {
        'user.addsAgain': 'askedAgainAfterAdding',
        // Another week is another mailing, not in the cart.
        'user.choosesWeek': 'chosenSaved',
        'cart.itemRemoved': 'chosenSaved',
      },
    },
    /** The same mailing pressed again: asked first, still reading as added. */
    askedAgainAfterAdding: {
      on: { 'user.cancels': 'addedToCart', 'user.confirms': 'addingToCart' },
    },
    /** The cart (after a reload, or from another tab) already holds the mailing shown. */
    inCartAlready: {
      on: { 'user.addsToCart': 'askedAlreadyInCart' },
    },
    /** Asked before adding what the cart holds; Cancel leaves the page as it was. */
    askedAlreadyInCart: {
      on: { 'user.cancels': 'inCartAlready', 'user.confirms': 'addingToCart' },
    },
    /** Nothing chosen any more; the emptied selection waits to be saved too (a reload must not bring it back). */
    clearedUnsaved: {
      on: {
        'clock.passes': 'routesShown',
        'user.choosesRoute': 'chosenUnsaved',
      },
    },
  },
});

export const eddm = modelKit(eddmModel);
