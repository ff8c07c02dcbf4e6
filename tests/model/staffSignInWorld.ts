import type { InspectionEvent } from 'xstate';
import { SESSION_ENDED } from '../../machines/admin/staffSession.machine';
import { CREDENTIALS, EIGHT_HOURS, staffSessionAt, startStaffSession } from '../machines/staffSessionHarness';
import type { ModelParams } from './modelKit';
import type { staffSignInModel } from './staffSignInModel';
import { expectSame, settle } from './worldChecks';

const REFUSED = 'That e-mail, password and code do not match a staff account.';
const LOCKED = 'Too many failed sign-ins for this account. Try again in 15 minutes.';
const LOCK_MS = 900_000;

/** Adapter (a) of the staff sign-in model: the real staff session machine, held API calls, a simulated clock. */
export class StaffSignInWorld {
  private readonly run: ReturnType<typeof startStaffSession>;

  constructor(inspect?: (event: InspectionEvent) => void) {
    this.run = startStaffSession({ inspect });
  }

  private context() {
    return this.run.actor.getSnapshot().context;
  }

  /** The person sends the form; the server answers the sign-in under way. */
  private async signIn(answer: Parameters<ReturnType<typeof this.run.signIns.nth>['answer']>[0]) {
    this.run.actor.send({ type: 'staff.signIn', ...CREDENTIALS });
    this.run.signIns.nth(this.run.signIns.calls.length - 1).answer(answer);
    await settle();
  }

  params(): ModelParams<typeof staffSignInModel> {
    const value = () => this.run.state();
    return {
      states: {
        signedOut: async () => {
          await settle();
          expectSame('the page', value(), 'signedOut');
          expectSame('the message', this.context().error, null);
        },
        wrongCredentials: () => {
          expectSame('the page', value(), 'signedOut');
          expectSame('the message', this.context().error, REFUSED);
        },
        locked: () => {
          expectSame('the page', value(), 'lockedOut');
          expectSame('the message', this.context().error, LOCKED);
        },
        signedIn: () => {
          expectSame('the page', value(), 'signedIn');
          expectSame('the session kept in the tab', this.run.storage.stored?.token, 'staff-token');
        },
        expired: () => {
          expectSame('the page', value(), 'expired');
          expectSame('the notice', this.context().notice, SESSION_ENDED);
          expectSame('the session kept in the tab', this.run.storage.stored, null);
        },
      },
      events: {
        'server.accepts': () => this.signIn({ kind: 'signedIn', session: staffSessionAt(this.run.now()) }),
        'server.refuses': () => this.signIn({ kind: 'refused', message: REFUSED }),
        'server.locks': () => this.signIn({ kind: 'locked', message: LOCKED, retryAfterMs: LOCK_MS }),
        'clock.passesLock': async () => {
          this.run.clock.increment(LOCK_MS);
          await settle();
        },
        'clock.passes8h': async () => {
          this.run.clock.increment(EIGHT_HOURS);
          await settle();
        },
        'user.signsOut': async () => {
          this.run.actor.send({ type: 'staff.signOut' });
          this.run.signOuts.nth(this.run.signOuts.calls.length - 1).answer();
          await settle();
        },
        'api.rejects': async () => {
          this.run.actor.send({ type: 'staff.rejected' });
          await settle();
        },
      },
    };
  }
}
