import { useEffect } from 'react';
import { useEddmActor } from './useEddm';

/**
 * SPEC section 2's custom window events for mailing-route interactions. The map, the route list and
 * the selection announce what the visitor does through them; the actor hears them here. Other parts
 * of a page (or a script embedding it) can listen too.
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

export const announce = <N extends EddmEventName>(name: N, detail: EddmEventDetail[N]) =>
  window.dispatchEvent(new CustomEvent(name, { detail }));

/** Forwards the window events to the every-door actor while the page is open. */
export function useEddmWindowEvents() {
  const eddmActor = useEddmActor();
  useEffect(() => {
    const listen = <N extends EddmEventName>(name: N, handle: (detail: EddmEventDetail[N]) => void) => {
      const listener = (event: Event) => handle((event as CustomEvent<EddmEventDetail[N]>).detail);
      window.addEventListener(name, listener);
      return () => window.removeEventListener(name, listener);
    };
    const stops = [
      listen(EDDM_EVENTS.resultSelect, ({ zip }) => eddmActor.send({ type: 'eddm.zipChosen', zip })),
      listen(EDDM_EVENTS.routeRemove, ({ routecode }) =>
        eddmActor.send({ type: 'eddm.routeRemoved', routecode }),
      ),
      listen(EDDM_EVENTS.mapHoverRoute, ({ routecode }) =>
        eddmActor.send({ type: 'eddm.routeHovered', routecode }),
      ),
      listen(EDDM_EVENTS.cartHoverRoute, ({ routecode }) =>
        eddmActor.send({ type: 'eddm.routeHovered', routecode }),
      ),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [eddmActor]);
}
