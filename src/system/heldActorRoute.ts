import type { AppHandle } from './handle';

/** A route's match as the router hands it to onEnter and onLeave, as far as its held actor needs it. */
interface HeldMatch {
  routeId: string;
  context: { app: AppHandle };
}

/**
 * The options of a route whose loader hands its page an actor the route holds (routeActorFor in
 * src/system/routeActorFor.ts: an orders tab's list, the invoices, the files library). They stay in the
 * first bundle, so they only name the app's holder (src/system/app.ts's routeActors), which the
 * loader filled: the app is loaded by then.
 * - `preload: false`: a link hovered fetches the page's code but runs no loader, which would tell the
 *   shown actor another key (or make one for a visit that may never come).
 * - `gcTime: 0`: a match left is not kept, so every visit and every key runs the loader before the
 *   page draws, and the page never draws the actor of a visit that ended (stopped, or its list old).
 * - onEnter starts the actor the loader made; onLeave lets it go once a commit on its way has its
 *   answer (stopWhenSettled). A key changed on the shown page is a stay: the same actor is told it.
 */
export const heldActorRoute = {
  preload: false,
  gcTime: 0,
  onEnter: (match: HeldMatch) => match.context.app.current()?.routeActors.enter(match.routeId),
  // As onEnter (starting a started actor does nothing): a stay whose loader made the actor starts it.
  onStay: (match: HeldMatch) => match.context.app.current()?.routeActors.enter(match.routeId),
  onLeave: (match: HeldMatch) => match.context.app.current()?.routeActors.leave(match.routeId),
} as const;
