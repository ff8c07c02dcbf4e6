import { describe, expect, it } from 'vitest';
import type { EddmEvent } from '../../machines/eddm/eddm.machine';
import { openAddressZip } from '../../src/system/eddm';
import { announce, EDDM_EVENTS, forwardEddmWindowEvents } from '../../src/system/eddmWindowEvents';

function recorder() {
  const sent: EddmEvent[] = [];
  return { sent, send: (event: EddmEvent) => sent.push(event) };
}

describe('the every-door page’s address (`?zip=`), shown by its route', () => {
  it('shows the zip code when the page opens, and another when the address names another', () => {
    const actor = recorder();
    openAddressZip(actor, '60614', 'enter');
    openAddressZip(actor, '60614', 'stay');
    openAddressZip(actor, '60657', 'stay');
    expect(actor.sent).toEqual([
      { type: 'eddm.zipChosen', zip: '60614' },
      { type: 'eddm.zipChosen', zip: '60657' },
    ]);
  });

  it('leaves a zip code chosen since alone when the same address runs again, and shows it again on the next visit', () => {
    const actor = recorder();
    openAddressZip(actor, '60614', 'enter');
    // The visitor picks 60657 on the page (not in the address); a sign-in elsewhere runs the route again.
    openAddressZip(actor, '60614', 'stay');
    expect(actor.sent).toHaveLength(1);
    openAddressZip(actor, '60614', 'enter');
    expect(actor.sent).toHaveLength(2);
  });

  it('shows nothing for an address without a zip code', () => {
    const actor = recorder();
    openAddressZip(actor, null, 'enter');
    openAddressZip(actor, null, 'stay');
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

  it('keep the names other scripts listen for', () => {
    expect(EDDM_EVENTS).toEqual({
      resultSelect: 'adlane:eddm:result-select',
      routeRemove: 'adlane:eddm:route-remove',
      mapHoverRoute: 'adlane:eddm:map-hover-route',
      cartHoverRoute: 'adlane:eddm:cart-hover-route',
    });
  });
});
