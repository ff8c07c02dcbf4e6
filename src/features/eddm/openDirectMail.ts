import type { AppSystem } from '../../system/app';
import type { AddressLoad } from '../../system/eddm';
import { takeZipEarly } from '../../system/eddmEarly';
import { openZipEarly } from './openZipEarly';

/** The every-door route's load, with the page's mode in its search (`?m=eddm`). */
export interface DirectMailLoad extends AddressLoad {
  search: { m?: string | undefined; zip?: string | undefined };
}

/**
 * The every-door route's beforeLoad, loaded with the page rather than with the first route. The
 * page's actor belongs to the app: wait for the app's actors (`ready`, asked for by the route before
 * this code loads, so the app starts at once), then show the zip code the address names
 * (openAddressZip reads the load: its cause, its address, whether it loads the same page again in
 * place). Not on a preload: nobody has come yet.
 */
export async function openDirectMail(load: DirectMailLoad, ready: Promise<AppSystem>): Promise<void> {
  // A zip code's map opened: its data and code load while the app starts (a reload of the page in
  // place, or a change of its address, is the actor's to load, as it decides).
  const { zip } = load.search;
  if (load.search.m === 'eddm' && zip && load.cause === 'enter') openZipEarly(zip);
  const app = await ready;
  if (load.cause === 'preload') return;
  // The actor's code is the page's, loaded here rather than with the first route.
  const { eddmActorOf, openAddressZip } = await import('../../system/eddm');
  openAddressZip(eddmActorOf(app), load);
  // Answers the actor did not take (it already showed that zip code) would be stale by a later visit.
  if (zip) takeZipEarly(zip);
}
