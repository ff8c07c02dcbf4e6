import { type FlowActor, stopWhenSettled } from './hooks/useFlowActor';

/**
 * The actors routes hold while they are shown (an orders tab's list, the Billing page's invoices, the
 * files library), one per route id. The route's loader makes it (src/system/routeActorFor.ts); the router starts it
 * as it enters the route and lets it go as it leaves it (src/system/heldActorRoute.ts). So it lives
 * through the page's renders and the address's keys (the last list stays on show while the next
 * loads), and each visit starts with a new one that asks afresh.
 */
export function createRouteActors() {
  const held = new Map<string, FlowActor>();
  return {
    /**
     * The route's actor: `fresh`, a new one (the route is being entered: whatever it still holds is
     * from a visit that never arrived, and is let go); else the one it holds, or a new one when none.
     * A new one is made, not started, by `create`, which is given `isShown`: whether the route still
     * holds it (an answer that comes after the visitor left must not move them from where they went).
     */
    hold<TActor extends FlowActor>(
      routeId: string,
      fresh: boolean,
      create: (isShown: () => boolean) => TActor,
    ): TActor {
      const before = held.get(routeId);
      // Held under this route id by this function only: the cast names the type `create` made.
      if (before && !fresh) return before as TActor;
      if (before) stopWhenSettled(before);
      const actor = create(() => held.get(routeId) === actor);
      held.set(routeId, actor);
      return actor;
    },
    /** The router entered the route: its actor starts (starting a running one does nothing). */
    enter(routeId: string) {
      held.get(routeId)?.start();
    },
    /** The router left the route: its actor goes, once a commit on its way has its answer. */
    leave(routeId: string) {
      const actor = held.get(routeId);
      if (!actor) return;
      held.delete(routeId);
      stopWhenSettled(actor);
    },
    /** The app stops (tests, a server render's end): every held actor with it. */
    stop() {
      for (const actor of held.values()) actor.stop();
      held.clear();
    },
  };
}
