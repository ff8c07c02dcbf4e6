import type { AppSystem } from './app';
import type { AppHandle } from './handle';
import type { FlowActor } from './hooks/useFlowActor';

/** What a route's loader is given, as far as the actor it holds needs it. */
export interface RouteActorLoad {
  /** `enter`: the route is not shown yet; `stay`: it is, and loads another key (or again). */
  cause: 'enter' | 'stay' | 'preload';
  route: { id: string };
  context: { app: AppHandle };
}

/**
 * A route's loader for the actor of its page: the actor (a new one when the route is being entered)
 * told the key the address names, and handed to the page as the route's data. The routes that hold
 * one never preload (heldActorRoute), so this runs only for a visit: a link hovered tells it nothing.
 */
export async function routeActorFor<TActor extends FlowActor, TKey>(
  load: RouteActorLoad,
  key: TKey,
  create: (app: AppSystem, key: TKey, isShown: () => boolean) => TActor,
  tell: (actor: TActor, key: TKey, app: AppSystem) => void,
): Promise<TActor> {
  const app = await load.context.app.ready;
  const actor = app.routeActors.hold(load.route.id, load.cause === 'enter', (isShown) =>
    create(app, key, isShown),
  );
  // Events sent before the start wait for it; the key it was made with is not asked twice.
  tell(actor, key, app);
  return actor;
}
