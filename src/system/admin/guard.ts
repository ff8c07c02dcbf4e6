import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { backOfficePage, staffSignInHref } from '../../lib/adminSearch/address';
import type { AppHandle } from '../handle';
import { staffSessionActor } from './session';

/** How long a guard waits for the tab's stored session to be read before sending to sign-in. */
const GUARD_TIMEOUT_MS = 5_000;

/**
 * Whether someone is signed in to the back office, once the tab's stored session has been read.
 */
async function isStaffSignedIn(): Promise<boolean> {
  const actor = staffSessionActor();
  const settled = await waitFor(actor, (s) => !s.matches('checking'), { timeout: GUARD_TIMEOUT_MS }).catch(
    () => actor.getSnapshot(),
  );
  return settled.matches('signedIn');
}

/**
 * Before a back-office page loads: sign-in sends someone signed in on to the queue, every page but
 * sign-in, setup and join sends anyone else to sign in and back. One route holds the whole back office
 * (src/routes/admin/$.tsx), so the guard tells the pages apart here, out of the storefront's chunks.
 * A signed-in page draws its lists with the app's actor options (useLoadedApp), so it also waits
 * for the app, as the storefront's routes that need it do.
 */
export async function guardBackOffice(
  location: { pathname: string; href: string },
  app: Pick<AppHandle, 'ready'>,
): Promise<void> {
  const { section, id } = backOfficePage(location.pathname);
  const page = id === undefined ? section : null;
  if (page === 'setup' || page === 'join') return;
  if (page === 'login') {
    if (await isStaffSignedIn()) throw redirect({ href: '/admin/orders' });
    return;
  }
  const [signedIn] = await Promise.all([isStaffSignedIn(), app.ready]);
  if (!signedIn) throw redirect({ href: staffSignInHref(location.href) });
}
