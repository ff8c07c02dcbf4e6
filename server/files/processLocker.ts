import { type Lock, type Locker, MemoryLocker } from '@tus/server';
import type { UploadLocks } from './sweep';

/**
 * The upload lock of the embedded database's one server process: tus's own in-memory lock, shared by
 * the tus endpoint and the sweeping job, so a sweep never removes an upload a PATCH is writing (it
 * skips one held; one whose PATCH comes while the sweep holds it waits, then finds its file gone
 * only if it really had no byte for 24 hours). PostgreSQL's replicas share theirs instead
 * (server/files/uploadLocker.ts).
 */
export class ProcessUploadLocker implements Locker, UploadLocks {
  private readonly memory = new MemoryLocker();
  private readonly held = new Set<string>();

  newLock(id: string): Lock {
    const lock = this.memory.newLock(id);
    return {
      lock: async (signal, cancelReq) => {
        await lock.lock(signal, cancelReq);
        this.held.add(id);
      },
      unlock: async () => {
        this.held.delete(id);
        await lock.unlock();
      },
    };
  }

  async tryLock(id: string): Promise<(() => Promise<void>) | null> {
    if (this.held.has(id)) return null;
    const lock = this.newLock(id);
    // A sweep is not asked to let go: a PATCH that comes meanwhile waits the moment it takes.
    await lock.lock(new AbortController().signal, () => {});
    return () => lock.unlock();
  }
}
