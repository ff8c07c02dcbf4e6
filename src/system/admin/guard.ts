import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { staffSessionActor } from './session';

/** How long a guard waits for the tab's stored session to be read before sending to sign-in. */
const GUARD_TIMEOUT_MS = 5_000;

/** The back office's pages are for signed-in staff: anyone else signs in first and comes back to `href`. */
export async function requireStaff(href: string): Promise<void> {
  const actor = staffSessionActor();
  const settled = await waitFor(actor, (s) => !s.matches('checking'), { timeout: GUARD_TIMEOUT_MS }).catch(
    () => actor.getSnapshot(),
  );
  if (!settled.matches('signedIn')) throw redirect({ to: '/admin/login', search: { redirect: href } });
}

/** The sign-in page of someone already signed in goes on to the back office. */
export async function leaveSignInIfSignedIn(): Promise<void> {
  const actor = staffSessionActor();
  const settled = await waitFor(actor, (s) => !s.matches('checking'), { timeout: GUARD_TIMEOUT_MS }).catch(
    () => actor.getSnapshot(),
  );
  if (settled.matches('signedIn')) throw redirect({ to: '/admin' });
}
