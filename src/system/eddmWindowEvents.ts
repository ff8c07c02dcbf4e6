import type { EddmEvent } from '../../machines/eddm/eddm.machine';

/**
 * SPEC section 2's custom window events for mailing-route interactions. The map, the route list and
 * the selection announce what the visitor does through them; the every-door actor hears them (while
 * its page is open). Other parts of a page, or a script embedding it, can listen too.
 */
export const EDDM_EVENTS = {
  resultSelect: 'adlane:eddm:result-select',
  routeRemove: 'adlane:eddm:route-remove',
  mapHoverRoute: 'adlane:eddm:map-hover-route',
  cartHoverRoute: 'adlane:eddm:cart-hover-route',
} as const;

export interface EddmEventDetail {
  [EDDM_EVENTS.resultSelect]: { zip: string };
  [EDDM_EVENTS.routeRemove]: { routecode: string };
  [EDDM_EVENTS.mapHoverRoute]: { routecode: string | null };
  [EDDM_EVENTS.cartHoverRoute]: { routecode: string | null };
}

type EddmEventName = keyof EddmEventDetail;

/** Where the events go: the window in the browser, any EventTarget in tests. */
type EventHub = Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'>;

const browserWindow = (): EventHub => window;

/** Announces an interaction on the window (SPEC's event name, its detail). */
export const announce = <N extends EddmEventName>(
  name: N,
  detail: EddmEventDetail[N],
  hub: EventHub = browserWindow(),
) => hub.dispatchEvent(new CustomEvent(name, { detail }));

/** Forwards the window events to the every-door actor; answers the way to stop. */
export function forwardEddmWindowEvents(
  actor: { send(event: EddmEvent): void },
  hub: EventHub = browserWindow(),
): () => void {
  const listen = <N extends EddmEventName>(name: N, eventOf: (detail: EddmEventDetail[N]) => EddmEvent) => {
    const listener = (event: Event) => actor.send(eventOf((event as CustomEvent<EddmEventDetail[N]>).detail));
    hub.addEventListener(name, listener);
    return () => hub.removeEventListener(name, listener);
  };
  // A change waiting for its debounce is saved at once when the page is left (a reload within the
  // second would otherwise bring the old selection back).
  const flush = () => actor.send({ type: 'eddm.saveFlushed' });
  hub.addEventListener('pagehide', flush);
  const stops = [
    () => hub.removeEventListener('pagehide', flush),
    listen(EDDM_EVENTS.resultSelect, ({ zip }) => ({ type: 'eddm.zipChosen', zip })),
    listen(EDDM_EVENTS.routeRemove, ({ routecode }) => ({ type: 'eddm.routeRemoved', routecode })),
    listen(EDDM_EVENTS.mapHoverRoute, ({ routecode }) => ({ type: 'eddm.routeHovered', routecode })),
    listen(EDDM_EVENTS.cartHoverRoute, ({ routecode }) => ({ type: 'eddm.routeHovered', routecode })),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
