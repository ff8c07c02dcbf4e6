import { describe, expect, it } from 'vitest';
import { ProcessUploadLocker } from '../../server/files/processLocker';

/**
 * The embedded database's upload lock, shared by the tus endpoint and the sweeping job: the sweep
 * skips an upload a PATCH holds, and a PATCH that comes while the sweep holds one waits for it.
 */
describe('the upload lock of the embedded database’s process', () => {
  const signal = () => new AbortController().signal;

  it('is not given to the sweep while a PATCH holds the upload, and is once the PATCH ends', async () => {
    const locker = new ProcessUploadLocker();
    const patch = locker.newLock('upload-1');
    await patch.lock(signal(), () => {});
    expect(await locker.tryLock('upload-1')).toBeNull();
    // Another upload is free.
    const other = await locker.tryLock('upload-2');
    expect(other).not.toBeNull();
    await other?.();
    await patch.unlock();
    const swept = await locker.tryLock('upload-1');
    expect(swept).not.toBeNull();
    await swept?.();
  });

  it('keeps a PATCH that comes during a sweep waiting until the sweep lets go', async () => {
    const locker = new ProcessUploadLocker();
    const release = await locker.tryLock('upload-3');
    const order: string[] = [];
    const patch = locker.newLock('upload-3');
    const patching = patch.lock(signal(), () => {}).then(() => order.push('patch'));
    await new Promise((resolve) => setImmediate(resolve));
    order.push('sweep done');
    await release?.();
    await patching;
    expect(order).toEqual(['sweep done', 'patch']);
    expect(await locker.tryLock('upload-3')).toBeNull();
    await patch.unlock();
  });
});
