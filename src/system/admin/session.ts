import { type Actor, createActor, fromPromise } from 'xstate';
import { type StaffSession, staffSession } from '../../../contract/staff';
import { type StaffSignInAnswer, staffSessionMachine } from '../../../machines/admin/staffSession.machine';
import { connectStaffSession } from '../../api/admin/client';
import { staffLogin, staffLogout } from '../../api/admin/staff';
import { toResult } from '../../api/result';
import { config } from '../../config';

/**
 * The back office's session lives in this tab's sessionStorage under its own key: never in the
 * storefront's store or a cookie, so no page the server draws, and no other tab, ever carries it.
 */
export const BACK_OFFICE_KEY = `${config.storagePrefix}BackOffice`;

function readStored(): StaffSession | null {
  try {
    const text = sessionStorage.getItem(BACK_OFFICE_KEY);
    const parsed = text ? staffSession.safeParse(JSON.parse(text)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function signIn(body: Parameters<typeof staffLogin>[0]): Promise<StaffSignInAnswer> {
  const answer = await staffLogin(body);
  const result = toResult(answer);
  if (result.ok) return { kind: 'signedIn', session: result.data };
  if (result.status === 429) {
    const seconds = Number(answer.headers?.get('retry-after') ?? '60');
    return { kind: 'locked', message: result.message, retryAfterMs: Math.max(1, seconds) * 1000 };
  }
  return { kind: 'refused', message: result.fieldErrors.code ?? result.fieldErrors.email ?? result.message };
}

let running: Actor<typeof staffSessionMachine> | null = null;

/** The staff session actor: made on the first back-office page, once per tab. */
export function staffSessionActor(): Actor<typeof staffSessionMachine> {
  if (running) return running;
  const actor = createActor(
    staffSessionMachine.provide({
      actors: {
        readStored: fromPromise(async () => readStored()),
        signIn: fromPromise(({ input }) => signIn(input)),
        signOut: fromPromise(async () => {
          await staffLogout();
        }),
      },
      actions: {
        store: (_, { session }) => sessionStorage.setItem(BACK_OFFICE_KEY, JSON.stringify(session)),
        forget: () => sessionStorage.removeItem(BACK_OFFICE_KEY),
      },
    }),
    { systemId: 'staffSession', input: { now: () => Date.now() } },
  );
  running = actor;
  connectStaffSession(
    () => actor.getSnapshot().context.session?.token ?? null,
    () => actor.send({ type: 'staff.rejected' }),
  );
  actor.start();
  return actor;
}
