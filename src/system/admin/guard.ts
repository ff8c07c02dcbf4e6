import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { backOfficePage, staffSignInHref } from '../../lib/adminSearch/address';
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
 */
export async function guardBackOffice(location: { pathname: string; href: string }): Promise<void> {
  const { section, id } = backOfficePage(location.pathname);
  const page = id === undefined ? section : null;
  if (page === 'setup' || page === 'join') return;
  const signedIn = await isStaffSignedIn();
  if (page === 'login') {
    if (signedIn) throw redirect({ href: '/admin/orders' });
  } else if (!signedIn) throw redirect({ href: staffSignInHref(location.href) });
}
