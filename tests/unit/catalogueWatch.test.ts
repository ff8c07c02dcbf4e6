import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchCatalogue } from '../../server/catalogue/changes';
import { silentLogger } from '../../server/log';

/**
 * A catalogue change whose reading fails (the database away for a moment) is read again, backing
 * off, instead of leaving the process on the old catalogue until the next change, days later maybe.
 */
describe('a catalogue watcher whose reading fails', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads again after 1 s, then 2 s, until a reading succeeds', async () => {
    let notify: (payload: string) => void = () => {};
    let failures = 2;
    const readings: number[] = [];
    const reloaded: number[] = [];
    const watch = await watchCatalogue({
      listen: async (_channel, onPayload) => {
        notify = onPayload;
        return { close: async () => {} };
      },
      index: {
        reload: async () => {
          readings.push(Date.now());
          if (failures-- > 0) throw new Error('the database is restarting');
        },
      },
      version: 1,
      versionOf: async () => 2,
      logger: silentLogger(),
      onReloaded: (version) => reloaded.push(version),
    });
    const start = Date.now();
    notify('2');
    await vi.advanceTimersByTimeAsync(250);
    expect(readings).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(readings).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(readings).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(readings.map((at) => at - start)).toEqual([250, 1_250, 3_250]);
    expect(reloaded).toEqual([2]);
    expect(watch.version()).toBe(2);
    await watch.close();
  });
});
