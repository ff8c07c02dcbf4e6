import type { AppSystem } from './app';
import type { AppHandle } from './handle';
import { type FlowActor, stopWhenSettled } from './hooks/useFlowActor';

/**
 * A page's actor held by its route, one per app: created the first time it is asked for (the route
 * entered, or its page drawn first), started and shown each key the address names while the route
 * is shown, stopped when the route is left (once a commit on its way has its answer: stopWhenSettled).
 */
export interface RouteActor<TActor extends FlowActor, TKey> {
  /** The actor, created (not started) with `key` if the route holds none yet. */
  of(app: AppSystem, key: TKey): TActor;
  /** The route is shown with this key (entered, or staying with another search): started, and told. */
  show(app: AppSystem, key: TKey): void;
  /** The route was left: the actor goes, and a later visit creates another. */
  leave(app: AppSystem): void;
}

/**
 * `create` is given the key to start with and `isShown`, which tells whether the route still holds
 * this actor: an answer that comes after the visitor left must not move them from where they went.
 * `tell` sends the actor the key the address names (its machine ignores the key it already shows).
 */
export function routeActor<TActor extends FlowActor, TKey>(
  create: (app: AppSystem, key: TKey, isShown: () => boolean) => TActor,
  tell: (actor: TActor, key: TKey, app: AppSystem) => void,
): RouteActor<TActor, TKey> {
  const held = new WeakMap<AppSystem, TActor>();
  const of = (app: AppSystem, key: TKey) => {
    let actor = held.get(app);
    if (!actor) {
      const created = create(app, key, () => held.get(app) === created);
      held.set(app, created);
      actor = created;
    }
    return actor;
  };
  return {
    of,
    show(app, key) {
      const actor = of(app, key);
      // Starting a running actor does nothing; events sent before the start wait for it.
      actor.start();
      tell(actor, key, app);
    },
    leave(app) {
      const actor = held.get(app);
      if (!actor) return;
      held.delete(app);
      stopWhenSettled(actor);
    },
  };
}

/** What the router hands a route's lifecycle hooks, as far as a held actor needs it. */
interface ShownMatch {
  context: { app: AppHandle };
}

/**
 * A route's onEnter, onStay and onLeave for the actor of its page, whose code loads with the page
 * (`load`: the route's own options stay in the first bundle). The router calls them only as a route
 * is shown or left, never on a preload (a link hovered enters nothing), so a preload neither creates
 * nor tells the actor anything. `keyOf` reads the key from the match (its loaderDeps or search, as
 * the route's validateSearch read them from the address). Once the code is there they act at once, before the page draws again, so
 * the page never draws an actor its route already left.
 */
export function heldByRoute<TMatch extends ShownMatch, TKey>(
  load: () => Promise<RouteActor<FlowActor, TKey>>,
  keyOf: (match: TMatch) => TKey,
) {
  let loaded: RouteActor<FlowActor, TKey> | null = null;
  let loading: Promise<RouteActor<FlowActor, TKey>> | null = null;
  const run = (match: TMatch, act: (held: RouteActor<FlowActor, TKey>, app: AppSystem) => void) =>
    match.context.app.whenReady((app) => {
      if (loaded) {
        act(loaded, app);
        return;
      }
      // Calls made while the code loads keep their order: they wait on the same load.
      loading ??= load().then((held) => {
        loaded = held;
        return held;
      });
      loading.then(
        (held) => act(held, app),
        (error: unknown) => {
          loading = null;
          app.env.log.warn('The page could not be loaded:', error);
        },
      );
    });
  const show = (match: TMatch) => run(match, (held, app) => held.show(app, keyOf(match)));
  return {
    onEnter: show,
    onStay: show,
    onLeave: (match: TMatch) => run(match, (held, app) => held.leave(app)),
  };
}
