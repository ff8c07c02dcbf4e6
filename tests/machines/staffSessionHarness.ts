import { createActor, fromPromise, type InspectionEvent, SimulatedClock } from 'xstate';
import type { StaffLoginBody, StaffSession } from '../../contract/staff';
import { type StaffSignInAnswer, staffSessionMachine } from '../../machines/admin/staffSession.machine';
import { heldCalls } from './heldCalls';

export const STAFF_T0 = Date.parse('2027-01-11T09:00:00Z');
export const EIGHT_HOURS = 8 * 3_600_000;

/** A session the server answers, ending 8 hours after `from` (ms since the epoch). */
export const staffSessionAt = (from: number, token = 'staff-token'): StaffSession => ({
  token,
  expires_at: new Date(from + EIGHT_HOURS).toISOString(),
  staff: {
    id: 'b7a1c2d3-0000-4000-8000-000000000001',
    email: 'dana@ads.example',
    name: 'Dana',
    role: 'admin',
  },
});

export const CREDENTIALS: StaffLoginBody = {
  email: 'dana@ads.example',
  password: 'long password',
  code: '123456',
};

/**
 * The staff session machine on a simulated clock (its `now` is STAFF_T0 + the clock's time), with the
 * sign-in and sign-out calls held for the test to answer and the tab's storage kept in `stored`.
 */
export function startStaffSession(
  options: { stored?: StaffSession | null; inspect?: (e: InspectionEvent) => void } = {},
) {
  const clock = new SimulatedClock();
  const signIns = heldCalls<[StaffLoginBody], StaffSignInAnswer>();
  const signOuts = heldCalls<[string], void>();
  const storage = { stored: options.stored ?? null };
  const actor = createActor(
    staffSessionMachine.provide({
      actors: {
        readStored: fromPromise(async () => storage.stored),
        signIn: fromPromise(({ input }) => signIns.call(input)),
        signOut: fromPromise(({ input }) => signOuts.call(input.token)),
      },
      actions: {
        store: (_, { session }) => {
          storage.stored = session;
        },
        forget: () => {
          storage.stored = null;
        },
      },
    }),
    { clock, input: { now: () => STAFF_T0 + clock.now() }, inspect: options.inspect },
  ).start();
  const now = () => STAFF_T0 + clock.now();
  return { clock, actor, signIns, signOuts, storage, now, state: () => actor.getSnapshot().value };
}
