import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createRouteActors } from '../../src/system/routeActors';

const ROUTE = '/_dashboard/orders/past';

/** A page's actor as a route holds it, with how it was told whether its route still holds it. */
function made(routes: ReturnType<typeof createRouteActors>, fresh: boolean) {
  let isShown: () => boolean = () => false;
  const actor = routes.hold(ROUTE, fresh, (shown) => {
    isShown = shown;
    return createActor(
      createMachine({
        types: {} as { events: { type: 'key' } },
        initial: 'first',
        states: { first: { on: { key: 'next' } }, next: {} },
      }),
    );
  });
  return { actor, isShown: () => isShown() };
}

describe("the actors routes hold (src/system/routeActors.ts): one a route, each visit's own", () => {
  it('made not started (what it is told waits); started as the route is entered; the same one while it stays', () => {
    const routes = createRouteActors();
    const { actor, isShown } = made(routes, true);
    actor.send({ type: 'key' });
    expect(actor.getSnapshot().value).toBe('first');
    expect(isShown()).toBe(true);
    routes.enter(ROUTE);
    expect(actor.getSnapshot().value).toBe('next');
    const stayed = made(routes, false);
    expect(stayed.actor).toBe(actor);
    routes.stop();
    expect(actor.getSnapshot().status).toBe('stopped');
  });

  it('entering again lets go of an actor left from a visit that never arrived (a navigation given up)', () => {
    const routes = createRouteActors();
    const leftover = made(routes, true);
    routes.enter(ROUTE);
    const visit = made(routes, true);
    expect(visit.actor).not.toBe(leftover.actor);
    expect(leftover.actor.getSnapshot().status).toBe('stopped');
    expect(leftover.isShown()).toBe(false);
    expect(visit.isShown()).toBe(true);
    routes.stop();
  });

  it('left, its actor stops and is no longer shown; a stay after that makes a new one', () => {
    const routes = createRouteActors();
    const { actor, isShown } = made(routes, true);
    routes.enter(ROUTE);
    routes.leave(ROUTE);
    expect(actor.getSnapshot().status).toBe('stopped');
    expect(isShown()).toBe(false);
    expect(made(routes, false).actor).not.toBe(actor);
    routes.stop();
  });
});
