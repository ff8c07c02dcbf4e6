import { describe, expect, it } from 'vitest';
import type { EddmEvent } from '../../machines/eddm/eddm.machine';
import { type AddressLoad, openAddressZip } from '../../src/system/eddm';
import { announce, EDDM_EVENTS, forwardEddmWindowEvents } from '../../src/system/eddmWindowEvents';

function recorder() {
  const sent: EddmEvent[] = [];
  return { sent, send: (event: EddmEvent) => sent.push(event) };
}

/** A load of the every-door route as the router runs its beforeLoad. */
const load = (
  zip: string | undefined,
  cause: AddressLoad['cause'],
  { hash = '', invalid = false }: { hash?: string; invalid?: boolean } = {},
): AddressLoad => ({
  cause,
  search: zip ? { zip } : {},
  location: { pathname: '/ads/direct-mail', searchStr: zip ? `?zip=${zip}` : '', hash },
  matches: [{ invalid: false }, { invalid }],
});

describe('the every-door page’s address (`?zip=`): which loads of its route are visits', () => {
  it('sends the zip code on opening and on each visit, the same address included (the actor ignores the zip it shows)', () => {
    const actor = recorder();
    openAddressZip(actor, load('60614', 'enter'));
    openAddressZip(actor, load('60614', 'stay'));
    openAddressZip(actor, load('60657', 'stay'));
    expect(actor.sent).toEqual([
      { type: 'eddm.zipChosen', zip: '60614' },
      { type: 'eddm.zipChosen', zip: '60614' },
      { type: 'eddm.zipChosen', zip: '60657' },
    ]);
  });

  it('sends nothing for the page loaded again in place (invalidated), a move to a place on it, or a preload', () => {
    const actor = recorder();
    openAddressZip(actor, load('60614', 'enter'));
    openAddressZip(actor, load('60614', 'stay', { invalid: true }));
    openAddressZip(actor, load('60614', 'stay', { hash: 'main' }));
    openAddressZip(actor, load('60614', 'preload'));
    expect(actor.sent).toHaveLength(1);
    // A link back to the address without the hash is a visit.
    openAddressZip(actor, load('60614', 'stay'));
    expect(actor.sent).toHaveLength(2);
  });

  it('shows nothing for an address without a zip code', () => {
    const actor = recorder();
    openAddressZip(actor, load(undefined, 'enter'));
    openAddressZip(actor, load(undefined, 'stay'));
    expect(actor.sent).toEqual([]);
  });
});

describe('SPEC’s window events for mailing routes', () => {
  it('reach the every-door actor while forwarded, under their SPEC names, and no longer once stopped', () => {
    const hub = new EventTarget();
    const actor = recorder();
    const stop = forwardEddmWindowEvents(actor, hub);
    announce(EDDM_EVENTS.resultSelect, { zip: '60614' }, hub);
    announce(EDDM_EVENTS.routeRemove, { routecode: '60614C001' }, hub);
    announce(EDDM_EVENTS.mapHoverRoute, { routecode: '60614C002' }, hub);
    announce(EDDM_EVENTS.cartHoverRoute, { routecode: null }, hub);
    stop();
    announce(EDDM_EVENTS.resultSelect, { zip: '60657' }, hub);
    expect(actor.sent).toEqual([
      { type: 'eddm.zipChosen', zip: '60614' },
      { type: 'eddm.routeRemoved', routecode: '60614C001' },
      { type: 'eddm.routeHovered', routecode: '60614C002' },
      { type: 'eddm.routeHovered', routecode: null },
    ]);
  });

  it('tell the actor to save at once when the page is hidden, while forwarded', () => {
    const hub = new EventTarget();
    const actor = recorder();
    const stop = forwardEddmWindowEvents(actor, hub);
    hub.dispatchEvent(new Event('pagehide'));
    stop();
    hub.dispatchEvent(new Event('pagehide'));
    expect(actor.sent).toEqual([{ type: 'eddm.saveFlushed' }]);
  });

  it('keep the names other scripts listen for', () => {
    expect(EDDM_EVENTS).toEqual({
      resultSelect: 'adlane:eddm:result-select',
      routeRemove: 'adlane:eddm:route-remove',
      mapHoverRoute: 'adlane:eddm:map-hover-route',
      cartHoverRoute: 'adlane:eddm:cart-hover-route',
    });
  });
});
