import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { Session } from '../db/session';

/** The advisory lock space of uploads (the second key is `hashtext` of the upload's id). */
const UPLOAD_LOCK = 7117;
/** Where a process asks the one holding an upload to let it go (the payload is the upload's id). */
export const RELEASE_CHANNEL = 'adlane_upload_release';

const RETRY_MS = 100;
/** How often a waiting request asks again (the holder may have changed meanwhile). */
const ASK_AGAIN_MS = 1_000;

/** An upload this process holds, or is trying to take. */
interface Slot {
  release: RequestRelease;
  /** The session's advisory lock is taken (else it is still being asked for, or was lost). */
  locked: boolean;
  freed: Promise<void>;
  free: () => void;
}

function newSlot(release: RequestRelease): Slot {
  let free = () => {};
  const freed = new Promise<void>((resolve) => {
    free = resolve;
  });
  return { release, locked: false, freed, free };
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

const lockers = new WeakMap<Session, PgUploadLocker>();

/**
 * The upload locker of a session: one per session, since the session's advisory locks are
 * re-entrant and only its locker's map keeps two holders in one process apart (the tus endpoint's
 * PATCHes and the sweeping job must share it).
 */
export function uploadLockerOf(session: Session): PgUploadLocker {
  let locker = lockers.get(session);
  if (!locker) {
    locker = new PgUploadLocker(session);
    lockers.set(session, locker);
  }
  return locker;
}

/**
 * The tus lock of an upload shared by every server process on one PostgreSQL: a session advisory lock
 * on the process's own connection, so a PATCH retried on another replica while the first one still
 * streams waits for it instead of writing beside it. The one waiting asks the holder to let go (a
 * NOTIFY on `adlane_upload_release`); the holder's request then stops after the tus server's drain
 * time, exactly as it would for a second request on its own process. Within a process the session
 * would take its own lock again, so requests there are kept apart first by a map, as tus's
 * MemoryLocker does. PostgreSQL frees a dead process's locks with its connection.
 */
export class PgUploadLocker implements Locker {
  private readonly slots = new Map<string, Slot>();
  private readonly timeoutMs: number;

  constructor(
    private readonly session: Session,
    options: { acquireLockTimeout?: number } = {},
  ) {
    this.timeoutMs = options.acquireLockTimeout ?? 30_000;
    // Its locks went with the connection: whoever holds one here must stop writing.
    session.onLost(() => {
      for (const slot of this.slots.values()) {
        slot.locked = false;
        void slot.release();
      }
    });
  }

  /** Listens for other processes' requests to release an upload held here. */
  async start(): Promise<{ close(): Promise<void> }> {
    return this.session.listen(RELEASE_CHANNEL, (id) => {
      void this.slots.get(id)?.release();
    });
  }

  newLock(id: string): Lock {
    let held: Slot | null = null;
    return {
      lock: async (signal, cancelReq) => {
        held = await this.lock(id, signal, cancelReq);
      },
      unlock: async () => {
        if (!held) throw new Error(`Releasing upload ${id}, which this lock does not hold.`);
        await this.unlock(id, held);
        held = null;
      },
    };
  }

  /**
   * The upload's lock if nobody holds it now, without asking anyone to let go (the sweeper's way:
   * an upload in use is not abandoned); its release, or null.
   */
  async tryLock(id: string): Promise<(() => Promise<void>) | null> {
    if (this.slots.has(id)) return null;
    const slot = newSlot(() => {});
    this.slots.set(id, slot);
    if (await this.takeOrForget(id, slot)) return () => this.unlock(id, slot);
    return null;
  }

  private async lock(id: string, signal: AbortSignal, release: RequestRelease): Promise<Slot> {
    const deadline = Date.now() + this.timeoutMs;
    const timedOut = () => signal.aborted || Date.now() >= deadline;
    for (let held = this.slots.get(id); held; held = this.slots.get(id)) {
      await held.release();
      if (timedOut()) throw ERRORS.ERR_LOCK_TIMEOUT;
      await Promise.race([held.freed, pause(Math.max(0, deadline - Date.now()), signal)]);
    }
    const slot = newSlot(release);
    this.slots.set(id, slot);
    let askedAt = Number.NEGATIVE_INFINITY;
    for (;;) {
      if (await this.takeOrForget(id, slot, false)) return slot;
      if (timedOut()) break;
      if (Date.now() - askedAt >= ASK_AGAIN_MS) {
        askedAt = Date.now();
        await this.session.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, id]).catch(() => {});
      }
      await pause(RETRY_MS, signal);
    }
    this.forget(id, slot);
    throw ERRORS.ERR_LOCK_TIMEOUT;
  }

  /** Takes the advisory lock for `slot`; when it cannot (or `forget` says so), frees the slot. */
  private async takeOrForget(id: string, slot: Slot, forget = true): Promise<boolean> {
    try {
      const [row] = await this.session.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1, hashtext($2::text)) as locked',
        [UPLOAD_LOCK, id],
      );
      slot.locked = row?.locked === true;
    } catch (error) {
      this.forget(id, slot);
      throw error;
    }
    if (!slot.locked && forget) this.forget(id, slot);
    return slot.locked;
  }

  private forget(id: string, slot: Slot): void {
    if (this.slots.get(id) === slot) this.slots.delete(id);
    slot.free();
  }

  private async unlock(id: string, slot: Slot): Promise<void> {
    try {
      // A lock lost with the connection is gone already.
      if (slot.locked)
        await this.session.query('select pg_advisory_unlock($1, hashtext($2::text))', [UPLOAD_LOCK, id]);
    } finally {
      slot.locked = false;
      this.forget(id, slot);
    }
  }
}
