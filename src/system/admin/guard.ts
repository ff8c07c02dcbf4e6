import { waitFor } from 'xstate';
import { staffSessionActor } from './session';

/** How long a guard waits for the tab's stored session to be read before sending to sign-in. */
const GUARD_TIMEOUT_MS = 5_000;

/**
 * Whether someone is signed in to the back office, once the tab's stored session has been read. The
 * route files throw the redirect themselves: this module stays out of the storefront's chunks.
 */
export async function isStaffSignedIn(): Promise<boolean> {
  const actor = staffSessionActor();
  const settled = await waitFor(actor, (s) => !s.matches('checking'), { timeout: GUARD_TIMEOUT_MS }).catch(
    () => actor.getSnapshot(),
  );
  return settled.matches('signedIn');
}
